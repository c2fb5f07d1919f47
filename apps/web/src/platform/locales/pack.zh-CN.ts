/** The platform pack of zh-CN (one lazy chunk, see ../i18n.ts): platform texts, antd's and dayjs' locale. */
import 'dayjs/locale/zh-cn';

export { default as antdLocale } from 'antd/es/locale/zh_CN';
export { zhCN as texts } from './zh-CN';
