import { azGroupResource, quoteGroupResource } from '@portal/contracts/quotation';
import { useQuery } from '@tanstack/react-query';
import { Select, type SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { resourceKeys } from '../../platform/resource/keys';
import { AccountPicker } from './AccountPicker';
import { qmApi } from './api';
import type { QuoteProduct } from './send-pages';

/** The quote groups (of one kind, or both), for a group send page's picker. */
export function useGroupOptions(enabled: boolean, kind?: 'quote' | 'az') {
  const { t } = useTranslation();
  const { data } = useQuery({
    // under the groups' resource key: a group made on `send/add-group` (or a live change) refreshes it
    queryKey: [...resourceKeys.all((kind === 'az' ? azGroupResource : quoteGroupResource).key), 'send', kind ?? 'all'],
    queryFn: async () =>
      kind ? qmApi.groups(kind) : [...(await qmApi.groups('quote')), ...(await qmApi.groups('az'))],
    enabled,
  });
  return (data ?? []).map((g) => ({
    value: g.id,
    label: `${g.name} · ${t(`qm.mail.groupKind.${g.kind as 'quote'}`)} · ${g.currency}`,
  }));
}

/** The channels of a product with their supplier's contacts, for a supplier send page. */
export function useChannelOptions(enabled: boolean, product: QuoteProduct) {
  const { data } = useQuery({
    queryKey: ['qm', 'channels', product],
    queryFn: () => qmApi.channelOptions(product === 'voice' ? 'voice' : 'sms'),
    enabled,
  });
  return data ?? [];
}

type Props = Omit<SelectProps<number>, 'options' | 'showSearch'> & { bookKind: string; product: string };

/** Whose price book: a quote group, a customer account or a supplier channel, picked by name, not typed as an id. */
export function BookPicker({ bookKind, product, ...props }: Props) {
  const groups = useGroupOptions(bookKind === 'group');
  const channels = useChannelOptions(bookKind === 'channel', product === 'voice' ? 'voice' : 'sms');
  if (bookKind === 'account') return <AccountPicker<number> {...props} />;
  return (
    <Select<number>
      allowClear
      showSearch
      optionFilterProp="label"
      style={{ width: 260, maxWidth: '100%' }}
      {...props}
      options={
        bookKind === 'group'
          ? groups
          : channels.map((c) => ({ value: c.id, label: `${c.code} · ${c.supplier} · ${c.name}` }))
      }
    />
  );
}
