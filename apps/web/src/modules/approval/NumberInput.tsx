import { sanitizeNumberInput } from '@portal/contracts';
import { Input } from 'antd';
import { useEffect, useState } from 'react';

const toNumber = (text: string): number | null => {
  if (text === '' || text === '-' || text === '.' || text === '-.') return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
};

/** A number input with the spec's number input rules (digits, one minus, one point, 4 decimals). */
export function NumberInput({
  value,
  onChange,
  id,
}: {
  value?: number | null;
  onChange?: (n: number | null) => void;
  id?: string;
}) {
  const [text, setText] = useState(() => (value === null || value === undefined ? '' : String(value)));
  useEffect(() => {
    setText((current) => (toNumber(current) === (value ?? null) ? current : value == null ? '' : String(value)));
  }, [value]);
  return (
    <Input
      id={id}
      inputMode="decimal"
      value={text}
      onChange={(e) => {
        const clean = sanitizeNumberInput(e.target.value);
        setText(clean);
        onChange?.(toNumber(clean));
      }}
    />
  );
}
