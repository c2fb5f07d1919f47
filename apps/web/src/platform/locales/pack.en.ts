/** The platform pack of en (one lazy chunk, see ../i18n.ts): platform texts and antd's locale (dayjs has 'en' built in). */
export { default as antdLocale } from 'antd/es/locale/en_US';
export { en as texts } from './en';
