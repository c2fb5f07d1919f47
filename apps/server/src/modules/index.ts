import type { Module } from '../platform/module.js';
import { definePorts } from '../platform/ports.js';
import { aiModule } from './ai/index.js';
import { approvalModule } from './approval/index.js';
import { crmModule } from './crm/index.js';
import { downloadsModule } from './downloads/index.js';
import { feedbackModule } from './feedback/index.js';
import { financeConsumerModule } from './finance/consumer/index.js';
import { financeEntityModule } from './finance/entity-settle/index.js';
import { financeErpModule } from './finance/erp/index.js';
import { financeModule } from './finance/index.js';
import { financeSealModule } from './finance/seals/index.js';
import { financeSupplierModule } from './finance/suppliers/index.js';
import { financeWorkspaceModule } from './finance/workspaces/index.js';
import { homeModule } from './home/index.js';
import { mailModule } from './mail/index.js';
import { messagesModule } from './messages/index.js';
import { noticesModule } from './notices/index.js';
import { quotationModule } from './quotation/index.js';
import { reportsModule } from './reports/index.js';
import { srmModule } from './srm/index.js';
import { systemModule } from './system/index.js';
import { trafficModule } from './traffic/index.js';

/** Every business room, mounted in order. */
export const modules: Module[] = [
  homeModule,
  systemModule,
  noticesModule,
  feedbackModule,
  messagesModule,
  approvalModule,
  aiModule,
  downloadsModule,
  mailModule,
  crmModule,
  financeModule,
  // after finance: its seed allocates channel resources to finance's accounts (accounts port)
  srmModule,
  quotationModule,
  // traffic last: it uses finance's accounts / ledger and quotation's rating ports
  trafficModule,
  // reports read the traffic, accounts and ledger ports
  reportsModule,
  // finance's supplier accounts read SRM's suppliers and channels (seeded after finance's customer side)
  financeSupplierModule,
  // customer workspaces and their API keys read finance's accounts (decision 0116)
  financeWorkspaceModule,
  // an account's verifications, contracts, client apps, cloud sender users, voice top-ups (decision 0121)
  financeConsumerModule,
  // Kingdee ERP documents read both finance ledgers (decision 0118)
  financeErpModule,
  financeEntityModule,
  // contract seals and the archive read CRM's customers and SRM's suppliers (decision 0117)
  financeSealModule,
];

/** Registers every room's ports; at load, and again by the server tests before each file (test/file-setup.ts). */
export function registerRoomPorts() {
  for (const m of modules) if (m.ports) definePorts(m.ports);
}
registerRoomPorts();
