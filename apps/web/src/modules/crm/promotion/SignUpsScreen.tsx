import { signUpResource } from '@portal/contracts/crm';
import { Typography } from 'antd';
import { Link } from 'react-router';
import type { ResourceOverrides } from '../../../platform/resource/overrides';
import { resourceScreens } from '../../../platform/resource/resource-screens';
import { NameWithDuplicates } from '../DuplicateHint';

/** A sign-up's e-mail domain as the start of an alias: `ana@acme-sms.io` → `acme-sms`. */
const aliasOf = (email: unknown) => {
  const host = String(email ?? '').split('@')[1] ?? '';
  return host
    .split('.')[0]!
    .replace(/[^A-Za-z0-9_-]/g, '')
    .slice(0, 32);
};

const overrides: ResourceOverrides = {
  cells: {
    customerCode: (v, row) =>
      v ? (
        <Link to={`/crm/customer/detail?id=${row.customerId}`} data-testid="signup-customer">
          {String(v)}
        </Link>
      ) : (
        <Typography.Text type="secondary">-</Typography.Text>
      ),
  },
  commandDialogs: {
    // the dialog starts from what the visitor typed; the duplicate check shows under the name
    convert: {
      values: (row) => ({ name: row.company, alias: aliasOf(row.email), type: 'C' }),
      inputs: { name: () => <NameWithDuplicates /> },
    },
  },
};

/**
 * The sign-ups of the promotion links (`/crm/promotion/sign-ups`, opened from the overview's
 * linkPromotion figure): a sales' own leads, each converted into a customer once.
 */
export const SignUpsScreen = resourceScreens(signUpResource, overrides).List;
