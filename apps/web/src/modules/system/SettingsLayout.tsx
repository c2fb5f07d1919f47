import { Card, Col, Flex, Row } from 'antd';
import type { ReactNode } from 'react';

/** The two panes of a tree settings screen: the tree on the left (its actions above it), the chosen record on the right. */
export function SettingsLayout(props: {
  left: ReactNode;
  leftTitle: ReactNode;
  leftExtra?: ReactNode;
  right: ReactNode;
}) {
  return (
    <Row gutter={[12, 12]}>
      <Col xs={24} lg={9} xxl={7}>
        <Card size="small" title={props.leftTitle} styles={{ body: { padding: 12 } }}>
          {props.leftExtra && (
            <Flex justify="flex-end" gap={4} wrap style={{ marginBottom: 8 }}>
              {props.leftExtra}
            </Flex>
          )}
          {props.left}
        </Card>
      </Col>
      <Col xs={24} lg={15} xxl={17}>
        {props.right}
      </Col>
    </Row>
  );
}
