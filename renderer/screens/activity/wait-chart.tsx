/** A one-line SVG timeline of one agent's waits over the window, coloured by reason. No chart library. */
import type { WaitSpanDto } from '../../../preload/contract/index.ts';
import { formatAge } from '../../../client/format/age.ts';
import { reasonLabel } from '../../../client/format/labels.ts';
import { waitBars } from './chart-geometry.ts';

export const CHART_WIDTH = 1000;
const HEIGHT = 18;

/** The chart for one agent. */
export function WaitChart({ waits, since, until, label }: { waits: readonly WaitSpanDto[]; since: number; until: number; label: string }) {
  const bars = waitBars(waits, since, until, CHART_WIDTH);
  return (
    <svg className="wait-chart" viewBox={`0 0 ${CHART_WIDTH} ${HEIGHT}`} preserveAspectRatio="none" role="img" aria-label={label}>
      <rect className="chart-bg" x={0} y={0} width={CHART_WIDTH} height={HEIGHT} />
      {bars.map((b) => (
        <rect key={`${b.start}-${b.reason}`} className={`bar bar-${b.reason}`} x={b.x} y={2} width={b.width} height={HEIGHT - 4}>
          <title>
            {reasonLabel(b.reason)} for {formatAge(b.ms)} (from {new Date(b.start).toLocaleTimeString()})
          </title>
        </rect>
      ))}
    </svg>
  );
}
