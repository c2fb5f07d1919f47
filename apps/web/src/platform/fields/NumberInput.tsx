import { sanitizeNumberInput } from '@portal/contracts';
import { Input } from 'antd';
import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';

const toNumber = (text: string): number | null => {
  if (text === '' || text === '-' || text === '.' || text === '-.') return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
};

/** A number input with the spec's number input rules (digits, one minus, one point, 4 decimals unless told). */
export function NumberInput({
  value,
  onChange,
  decimals,
  suffix,
  'data-testid': testId,
  ...props
}: {
  value?: number | null;
  onChange?: (n: number | null) => void;
  decimals?: number;
  suffix?: ReactNode;
  id?: string;
  disabled?: boolean;
  placeholder?: string;
  'data-testid'?: string;
}) {
  const [text, setText] = useState(() => (value === null || value === undefined ? '' : String(value)));
  useEffect(() => {
    setText((current) => (toNumber(current) === (value ?? null) ? current : value == null ? '' : String(value)));
  }, [value]);
  return (
    <Input
      {...props}
      inputMode="decimal"
      value={text}
      suffix={suffix}
      data-testid={testId}
      onChange={(e) => {
        const clean = sanitizeNumberInput(e.target.value, decimals);
        setText(clean);
        onChange?.(toNumber(clean));
      }}
    />
  );
}
