import { defineSection } from './define.js';

/**
 * SRM (/srm/...), spec 2.
 * Paths we chose where the spec gives none:
 * - /srm/device-sale/shipped-device                      the shipped-device query screen
 * - /srm/operate/change-source-approval/my-detail        "my initiated detail"
 * /srm/submittedApply and /srm/submittedDetail are highlighted under supplier applications;
 * equipment-purchase/equipment-purchase-request is archived: kept reachable, out of the menu.
 */
const s = defineSection('srm');

s.group('supplier', '供应商管理', 'Suppliers', 'ShopOutlined')
  .page('supplierManagement', '供应商管理', 'Supplier management', 'ShopOutlined')
  .page('supplierManagementBuka', '供应商管理（Buka）', 'Supplier management (Buka)', 'ShopOutlined')
  .page('supplier/my-supplier', '我的供应商', 'My suppliers', 'UserOutlined')
  .children('supplier/my-supplier', [
    ['details', '供应商详情', 'Supplier details', { tagPath: 'fullPath', titleFrom: 'name' }],
  ])
  .page('supplier/sea-supplier', '公海供应商', 'Open sea suppliers', 'GlobalOutlined')
  .children('supplier/sea-supplier', [
    ['details', '公海供应商详情', 'Open sea supplier details', { tagPath: 'fullPath', titleFrom: 'name' }],
  ])
  .page('supplier/equipment-supplier', '设备供应商', 'Equipment suppliers', 'HddOutlined')
  .children('supplier/equipment-supplier', [['edit', '编辑设备供应商', 'Edit equipment supplier', { tagPath: 'path' }]])
  .page('clue/followed', '已跟进线索', 'Followed leads', 'AimOutlined')
  .page('clue/invalid', '无效线索', 'Invalid leads', 'CloseCircleOutlined');

s.group('transfer', '供应商流转', 'Supplier transfers', 'SwapOutlined')
  .page('wander/distribute', '供应商分配', 'Supplier distribution', 'NodeIndexOutlined')
  .page('wander/transfer', '供应商流转', 'Supplier handover', 'SwapOutlined')
  .page('wander/share', '供应商共享', 'Supplier sharing', 'ShareAltOutlined')
  .page('operate/supplier/transfer', '供应商转移', 'Supplier transfers', 'SwapOutlined')
  .page('operate/transfer-supplier/list', '转移申请', 'Transfer requests', 'UnorderedListOutlined')
  .detail('operate/transfer-supplier/apply', '发起转移申请', 'Request a transfer', 'operate/transfer-supplier/list', {
    tagPath: 'path',
  })
  .detail(
    'operate/transfer-supplier/detail',
    '转移申请详情',
    'Transfer request details',
    'operate/transfer-supplier/list',
    {
      tagPath: 'fullPath',
    },
  );

s.group('operate', '运营', 'Operations', 'ToolOutlined')
  .page('operate/supplier/lication', '供应商申请', 'Supplier applications', 'FormOutlined')
  .page('operate/supplier/check', '供应商审核', 'Supplier review', 'AuditOutlined')
  .detail('/srm/submittedApply', '已提交申请', 'Submitted applications', 'operate/supplier/lication', {
    tagPath: 'path',
  })
  .detail('/srm/submittedDetail', '申请详情', 'Application details', 'operate/supplier/lication', {
    tagPath: 'fullPath',
  })
  .page('operate/change-source-approval', '来源变更审批', 'Source change approvals', 'AuditOutlined')
  .children('operate/change-source-approval', [
    ['detail', '来源变更详情', 'Source change details', { tagPath: 'fullPath' }],
    ['my-detail', '我发起的来源变更详情', 'My source change details', { tagPath: 'fullPath' }],
  ])
  .page('operate/mac-address/list', 'MAC 地址', 'MAC addresses', 'WifiOutlined')
  .page('operate/mac-address/log', 'MAC 地址日志', 'MAC address log', 'HistoryOutlined');

s.group('tvs', 'TVS 管理', 'TVS', 'VideoCameraOutlined')
  .page('tvs/account-query', 'TVS 账户查询', 'TVS accounts', 'IdcardOutlined')
  .page('tvs/withdrawal-record', '提现记录', 'Withdrawals', 'MoneyCollectOutlined')
  .page('tvs/notice', 'TVS 公告', 'TVS notices', 'NotificationOutlined')
  .page('tvs/content-rewrite', '内容改写', 'Content rewriting', 'EditOutlined');

s.group('inventory', '产品库存', 'Products and stock', 'GoldOutlined')
  .page('product-inventory/product-manage', '产品管理', 'Products', 'ProductOutlined')
  .children('product-inventory/product-manage', [['detail', '产品详情', 'Product details', { tagPath: 'fullPath' }]])
  .page('product-inventory/stock-manage', '库存管理', 'Stock', 'DatabaseOutlined')
  .page('product-inventory/stock-flow', '库存流水', 'Stock movements', 'TransactionOutlined');

s.group('purchase', '设备采购', 'Equipment purchasing', 'ShoppingCartOutlined')
  .page('equipment-purchase/purchase-plan', '采购计划', 'Purchase plans', 'ScheduleOutlined')
  .children('equipment-purchase/purchase-plan', [
    ['create', '新建采购计划', 'New purchase plan', { tagPath: 'path' }],
    ['create-purchase-order', '生成采购订单', 'Create purchase order', { tagPath: 'path' }],
    ['detail', '采购计划详情', 'Purchase plan details', { tagPath: 'fullPath' }],
  ])
  .page('equipment-purchase/purchase-order', '采购订单', 'Purchase orders', 'ShoppingCartOutlined')
  .children('equipment-purchase/purchase-order', [
    ['detail', '采购订单详情', 'Purchase order details', { tagPath: 'fullPath' }],
    ['logs', '采购订单日志', 'Purchase order log', { tagPath: 'fullPath' }],
    ['update', '修改采购订单', 'Edit purchase order', { tagPath: 'fullPath' }],
  ])
  .page('equipment-purchase/logs', '采购日志', 'Purchasing log', 'HistoryOutlined')
  .hiddenPage(
    'equipment-purchase/equipment-purchase-request',
    '设备采购申请（已归档）',
    'Equipment purchase requests (archived)',
    {
      icon: 'FolderOutlined',
    },
  );

s.group('warehouse', '仓储管理', 'Warehouse', 'InboxOutlined')
  .page('warehouse/stock-in', '入库管理', 'Stock in', 'ImportOutlined')
  .children('warehouse/stock-in', [
    ['detail', '入库详情', 'Stock-in details', { tagPath: 'fullPath' }],
    ['operation', '入库操作', 'Receive stock', { tagPath: 'path' }],
  ])
  .page('warehouse/stock-out', '出库管理', 'Stock out', 'ExportOutlined')
  .children('warehouse/stock-out', [
    ['detail', '出库详情', 'Stock-out details', { tagPath: 'fullPath' }],
    ['operation', '出库操作', 'Ship stock', { tagPath: 'path' }],
  ])
  .page('warehouse/inventory-daily-report', '库存日报', 'Daily stock report', 'TableOutlined');

s.group('sale', '设备销售', 'Device sales', 'TruckOutlined')
  .page('device-sale/order', '销售订单', 'Sales orders', 'FileTextOutlined')
  .children('device-sale/order', [
    ['create', '新建销售订单', 'New sales order', { tagPath: 'path' }],
    ['detail', '销售订单详情', 'Sales order details', { tagPath: 'fullPath' }],
    ['logs', '销售订单日志', 'Sales order log', { tagPath: 'fullPath' }],
  ])
  .page('device-sale/statistics', '销售统计', 'Sales statistics', 'BarChartOutlined')
  .page('device-sale/shipping-equipment', '发货设备', 'Devices to ship', 'TruckOutlined')
  .page('device-sale/shipped-device', '已发货设备查询', 'Shipped devices', 'SearchOutlined');

s.wildcard('供应商管理', 'SRM');

export const srmRoutes = s.routes;
