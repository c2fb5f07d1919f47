/**
 * A supplier source change (来源变更) is a supplier request of kind `source` (decision 0061):
 * `supplierRequestResource` holds it; `/srm/operate/change-source-approval` lists that kind. Its own
 * table is gone (migration srm11, decision 0070); the approval service name and apply path stay.
 */

/** The approval engine's service name of supplier source changes. */
export const SOURCE_CHANGE_SERVICE = 'srm.supplier_source_change';
export const SOURCE_CHANGE_APPLY_PATH = '/general/process/modify-supplier-source/apply';
