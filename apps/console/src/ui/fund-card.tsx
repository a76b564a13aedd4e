import { Button, Card, Col, Row, Statistic, theme } from 'antd';
import type { ReactNode } from 'react';

/** The figures a size smaller than antd's default, so nine digits and a unit fit. */
const VALUE = { fontSize: 20 };

export interface FundFigure {
  title: string;
  value: ReactNode;
  /** Half the card's width (two side by side) or all of it. */
  span: 12 | 24;
  /** Shown in the error colour (a headroom below zero). */
  short?: boolean;
}

/**
 * One book's system account against what it may owe (the options pool, the insurance fund): its
 * figures, and a fund button for an operator allowed to move treasury money into it.
 */
export function FundCard(props: {
  testId: string;
  title: string;
  figures: readonly FundFigure[];
  fundLabel: string;
  onFund: (() => void) | null;
}) {
  const { token } = theme.useToken();
  return (
    <Col xs={24} md={12}>
      <Card
        size="small"
        data-testid={props.testId}
        title={props.title}
        extra={
          props.onFund ? (
            <Button size="small" type="primary" onClick={props.onFund}>
              {props.fundLabel}
            </Button>
          ) : null
        }
      >
        <Row gutter={[16, 16]}>
          {props.figures.map((f) => (
            <Col span={f.span} key={f.title}>
              <Statistic
                title={f.title}
                styles={{ content: f.short ? { ...VALUE, color: token.colorError } : VALUE }}
                valueRender={() => f.value}
              />
            </Col>
          ))}
        </Row>
      </Card>
    </Col>
  );
}
