/**
 * The shared AgentCard in a frame that stacks it on narrow screens: its two-column layout (96 px photo + details)
 * is wider than a 390 px phone once the social links sit on one line, which gave the page a horizontal scroll.
 */
import { AgentCard, mq } from '@gta/shared';

export function ResponsiveAgentCard() {
  return (
    <div css={{ minWidth: 0, '& [data-testid="agent-card"]': { gridTemplateColumns: '1fr', [mq.sm]: { gridTemplateColumns: '96px 1fr' } }, '& nav': { flexWrap: 'wrap' } }}>
      <AgentCard />
    </div>
  );
}
