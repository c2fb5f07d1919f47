import { Flex, Spin } from 'antd';

/** Full-area loading placeholder. */
export function PageLoading({ tip }: { tip?: string }) {
  return (
    <Flex align="center" justify="center" vertical gap={12} style={{ minHeight: '60vh', width: '100%' }}>
      <Spin size="large" />
      {tip && <span style={{ color: 'rgba(0,0,0,0.45)' }}>{tip}</span>}
    </Flex>
  );
}
