/**
 * Reference data every room reads: import the reader (`reference(p)`) and its types from here,
 * never the tables.
 */

export { ensureDemoEntities, entityNameSql } from './entities.js';
export { type Conversion, type CurrencyInfo, type ReferenceReader, type ResolvedOperator, reference } from './read.js';
