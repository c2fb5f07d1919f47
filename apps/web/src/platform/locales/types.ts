/** Same keys as the source locale, any string values: the compiler keeps every locale complete. */
export type Messages<T> = { [K in keyof T]: T[K] extends string ? string : Messages<T[K]> };
