import { useTranslation } from 'react-i18next';
import { UserSelect } from '../../platform/fields/UserSelect';

interface Props {
  value?: number | number[] | null;
  onChange?: (value: number | number[] | null) => void;
  mode?: 'multiple';
  /** labels of the current value(s), known before any search */
  known?: { id: number; name: string }[];
  placeholder?: string;
  style?: React.CSSProperties;
  id?: string;
}

/** Picks staff users for the settings forms through the platform's staff picker (any signed-in user may search). */
export function UserPicker(props: Props) {
  const { t } = useTranslation();
  return (
    <UserSelect
      id={props.id}
      mode={props.mode}
      allowClear
      known={props.known}
      value={props.value ?? undefined}
      onChange={(v) => props.onChange?.(v ?? null)}
      placeholder={props.placeholder ?? t('systemSettings.pickUser')}
      style={props.style}
      data-testid="user-picker"
    />
  );
}
