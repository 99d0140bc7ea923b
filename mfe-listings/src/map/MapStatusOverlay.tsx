/** What a map's box shows until Leaflet has drawn it: a loading line, or what failed with a retry. */
import type { ReactNode } from 'react';
import { Button, theme } from '@gta/shared';
import type { MapStatus } from './MapFrame';

export interface MapStatusOverlayProps {
  /** 'waiting': not near the screen yet (the property page's map). */
  status: MapStatus | 'waiting';
  testId: string;
  /** Said when the map failed, before 'Try again'. */
  failed: string;
  /** Said while loading. */
  loading: ReactNode;
  onRetry: () => void;
}

export function MapStatusOverlay({ status, testId, failed, loading, onRetry }: MapStatusOverlayProps) {
  if (status === 'ready') return null;
  return (
    <div
      data-testid={testId}
      css={{
        position: 'absolute',
        inset: 0,
        display: 'grid',
        placeItems: 'center',
        padding: theme.space.lg,
        textAlign: 'center',
        color: theme.color.muted,
      }}
    >
      {status === 'error' ? (
        <div role="alert">
          <p css={{ margin: `0 0 ${theme.space.sm}` }}>{failed}</p>
          <Button type="button" variant="outline" onClick={onRetry}>
            Try again
          </Button>
        </div>
      ) : (
        <p css={{ margin: 0 }}>{loading}</p>
      )}
    </div>
  );
}
