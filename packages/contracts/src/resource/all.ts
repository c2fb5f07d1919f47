import { applicationResource } from '../crm/application.js';
import { contactResource } from '../crm/contact.js';
import { customerResource } from '../crm/customer.js';
import { opportunityResource } from '../crm/opportunity.js';
import { signUpResource } from '../crm/promotion.js';
import {
  bukaAllowResource,
  churnRuleResource,
  freeMailDomainResource,
  levelRuleResource,
  retentionRuleResource,
} from '../crm/rules.js';
import { feedbackResource, myFeedbackResource } from '../feedback/resources.js';
import { accountResource } from '../finance/account.js';
import { entryResource, finApplicationResource } from '../finance/application.js';
import {
  awsUserResource,
  clientResource,
  contractResource,
  identityResource,
  verificationResource,
} from '../finance/consumer.js';
import {
  entityAccountResource,
  entityProofreadDataResource,
  entityProofreadingResource,
  entityReportResource,
  vosBalanceResource,
} from '../finance/entity-settle.js';
import { ERP_DOC_TYPES, erpDocumentResource, erpMappingResource, erpMaterialResource } from '../finance/erp.js';
import { uPlatformEntryResource, voiceEntryResource } from '../finance/recharge-records.js';
import { contractArchiveResource, sealApplicationResource, sealResource } from '../finance/seal.js';
import { accountSnapshotResource } from '../finance/snapshot.js';
import { SUPPLIER_PRODUCTS, supplierAccountResource } from '../finance/supplier.js';
import { workspaceKeyResource, workspaceResource } from '../finance/workspace.js';
import { mailBookResource, mailSenderRuleResource, mailTemplateResource } from '../mail/resources.js';
import { messageResource } from '../message-center.js';
import { dingNoticeResource, versionRecordResource } from '../notices.js';
import {
  bankAccountResource,
  bankResource,
  brandResource,
  currencyResource,
  entityResource,
  operatorResource,
  platformCurrencyResource,
  rateResource,
} from '../reference/resources.js';
import { admissionResource } from '../srm/admission.js';
import {
  channelResource,
  channelResourceResource,
  coverageResource,
  dockingGatewayResource,
  gatewayIpResource,
  landingGatewayResource,
  routeBindResource,
  senderIdResource,
} from '../srm/channels/index.js';
import { supplierContactResource } from '../srm/contact.js';
import { supplierResource } from '../srm/supplier.js';
import { supplierRequestResource } from '../srm/supplier-request.js';
import { tvsNoticeResource, tvsRewriteResource, tvsWithdrawalResource } from '../srm/tvs/index.js';
import { userResource } from '../system/user.js';
import { minxPlanResource } from '../traffic/minx.js';
import { twoWayRuleResource } from '../traffic/twoway.js';
import { twoWayReviewResource } from '../traffic/twoway-review.js';
import type { ResourceDef } from './define.js';

/** Every area's resource definitions: the seed creates their button keys from this list. */
export const allResources: readonly ResourceDef[] = [
  userResource,
  operatorResource,
  entityResource,
  bankResource,
  bankAccountResource,
  brandResource,
  currencyResource,
  rateResource,
  platformCurrencyResource,
  customerResource,
  contactResource,
  opportunityResource,
  retentionRuleResource,
  levelRuleResource,
  churnRuleResource,
  bukaAllowResource,
  freeMailDomainResource,
  applicationResource,
  signUpResource,
  feedbackResource,
  myFeedbackResource,
  dingNoticeResource,
  versionRecordResource,
  messageResource,
  mailBookResource,
  mailTemplateResource,
  mailSenderRuleResource,
  channelResource,
  coverageResource,
  senderIdResource,
  routeBindResource,
  channelResourceResource,
  landingGatewayResource,
  dockingGatewayResource,
  gatewayIpResource,
  supplierResource,
  supplierContactResource,
  admissionResource,
  supplierRequestResource,
  tvsWithdrawalResource,
  tvsNoticeResource,
  tvsRewriteResource,
  accountResource,
  finApplicationResource,
  entryResource,
  accountSnapshotResource,
  entityAccountResource,
  entityReportResource,
  entityProofreadingResource,
  entityProofreadDataResource,
  vosBalanceResource,
  ...SUPPLIER_PRODUCTS.map(supplierAccountResource),
  workspaceResource,
  workspaceKeyResource,
  verificationResource,
  identityResource,
  contractResource,
  clientResource,
  awsUserResource,
  voiceEntryResource,
  uPlatformEntryResource,
  ...ERP_DOC_TYPES.map(erpDocumentResource),
  erpMappingResource,
  erpMaterialResource,
  sealResource,
  sealApplicationResource,
  contractArchiveResource,
  twoWayRuleResource,
  twoWayReviewResource,
  minxPlanResource,
];
