import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Box } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { clampSplit, splitAt, splitByKey, splitKey, SPLIT_DEFAULT } from '../split';

interface Props {
  userId: string;
  /** The map, or nothing when hidden: the table takes the whole height. */
  map: ReactNode | null;
  table: ReactNode;
  /** On a phone, between map and table (the info window). */
  below?: ReactNode;
  /** A phone: map and table one below the other at fixed heights, no handle. */
  stacked: boolean;
}

/** Below this the map and the table would both be too small: the page scrolls instead. */
const MIN_HEIGHT = 680;

/**
 * Map above, table below, filling the window's height; the person drags the handle between them
 * (or moves it with the arrow keys) and the share is kept for them in this browser.
 */
export function DataSplit({ userId, map, table, below, stacked }: Props) {
  const { t } = useTranslation();
  const [split, setSplit] = useLocalStorage<number>({
    key: splitKey(userId),
    defaultValue: SPLIT_DEFAULT,
    deserialize: (v) => clampSplit(v === undefined ? undefined : JSON.parse(v)),
  });
  const box = useRef<HTMLDivElement>(null);
  const [dragging, setDragging] = useState(false);
  // From where it starts to the window's bottom, so map and table show without scrolling.
  const [height, setHeight] = useState(640);
  useLayoutEffect(() => {
    if (stacked) return;
    const fit = () => {
      const el = box.current;
      if (!el) return;
      const top = el.getBoundingClientRect().top + window.scrollY;
      setHeight(Math.max(MIN_HEIGHT, Math.round(window.innerHeight - top - 16)));
    };
    fit();
    window.addEventListener('resize', fit);
    return () => window.removeEventListener('resize', fit);
  }, [stacked]);

  if (stacked) {
    return (
      <Box data-testid="data-split" data-stacked>
        {map && (
          <Box h="min(56dvh, 460px)" mih={300} mb="sm" data-testid="data-split-map">
            {map}
          </Box>
        )}
        {below && (
          <Box h="80dvh" mb="sm" data-testid="data-split-below">
            {below}
          </Box>
        )}
        <Box h="70dvh" mih={360} data-testid="data-split-table">
          {table}
        </Box>
      </Box>
    );
  }

  const move = (clientY: number) => {
    const r = box.current?.getBoundingClientRect();
    if (r) setSplit(splitAt(clientY, r.top, r.height));
  };
  const pct = Math.round(split * 100);

  return (
    <Box
      ref={box}
      data-testid="data-split"
      data-split={split}
      h={height}
      style={{ display: 'flex', flexDirection: 'column', userSelect: dragging ? 'none' : undefined }}
    >
      {map && (
        <>
          <Box style={{ flex: `0 0 ${pct}%`, minHeight: 0 }} data-testid="data-split-map">
            {map}
          </Box>
          <Box
            role="separator"
            aria-orientation="horizontal"
            aria-label={t('data.split.handle')}
            aria-valuemin={20}
            aria-valuemax={80}
            aria-valuenow={pct}
            tabIndex={0}
            className="arbor-split-handle"
            data-dragging={dragging || undefined}
            data-testid="data-split-handle"
            onPointerDown={(e) => {
              e.currentTarget.setPointerCapture(e.pointerId);
              setDragging(true);
            }}
            onPointerMove={(e) => dragging && move(e.clientY)}
            onPointerUp={(e) => {
              e.currentTarget.releasePointerCapture(e.pointerId);
              setDragging(false);
            }}
            onKeyDown={(e) => {
              const next = splitByKey(split, e.key);
              if (next === null) return;
              e.preventDefault();
              setSplit(next);
            }}
          />
        </>
      )}
      <Box style={{ flex: 1, minHeight: 0 }} data-testid="data-split-table">
        {table}
      </Box>
    </Box>
  );
}
