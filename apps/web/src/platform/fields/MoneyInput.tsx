import { sanitizeNumberInput } from '@portal/contracts';
import { Input } from 'antd';
import { useEffect, useState } from 'react';
import { minorToText, toMinor } from './money';

/**
 * A money input: the user types a decimal amount (spec 5 number input rules, two decimals), the
 * form holds integer minor units.
 */
export function MoneyInput({
  value,
  onChange,
  id,
  disabled,
  'data-testid': testId,
}: {
  value?: number | null;
  onChange?: (minor: number | null) => void;
  id?: string;
  disabled?: boolean;
  'data-testid'?: string;
}) {
  const [text, setText] = useState(() => minorToText(value));
  // follow outside changes (reset, prefill) but keep what is being typed ("12." stays "12.")
  useEffect(() => {
    setText((current) => (toMinor(current) === (value ?? null) ? current : minorToText(value)));
  }, [value]);
  return (
    <Input
      id={id}
      disabled={disabled}
      inputMode="decimal"
      value={text}
      data-testid={testId}
      onChange={(e) => {
        const clean = sanitizeNumberInput(e.target.value, 2);
        setText(clean);
        onChange?.(toMinor(clean));
      }}
      onBlur={() => setText(minorToText(toMinor(text)))}
      style={{ width: '100%' }}
    />
  );
}
