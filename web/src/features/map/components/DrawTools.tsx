import { ActionIcon, Divider, Paper, Stack, Tooltip } from '@mantine/core';
import {
  IconArrowBackUp,
  IconArrowForwardUp,
  IconLasso,
  IconPlant2,
  IconPointer,
  IconPolygon,
  IconTool,
  IconVectorSpline,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { StackState } from '../commands';
import type { MapMode } from './MapView';

interface Tool {
  mode: MapMode;
  icon: ComponentType<{ size?: number; stroke?: number }>;
  label: string;
  enabled: boolean;
}

/** The edit tools: browse, new tree, new group, new work, move and edit, polygon selection, undo, redo. */
export function DrawTools({
  mode,
  onMode,
  canTrees,
  canWorks,
  stack,
  onUndo,
  onRedo,
}: {
  mode: MapMode;
  onMode: (m: MapMode) => void;
  canTrees: boolean;
  canWorks: boolean;
  stack: StackState;
  onUndo: () => void;
  onRedo: () => void;
}) {
  const { t } = useTranslation();
  const tools: Tool[] = [
    { mode: 'browse', icon: IconPointer, label: t('map.tools.browse'), enabled: true },
    { mode: 'select', icon: IconLasso, label: t('map.tools.select'), enabled: true },
    { mode: 'tree', icon: IconPlant2, label: t('map.tools.tree'), enabled: canTrees },
    { mode: 'group', icon: IconPolygon, label: t('map.tools.group'), enabled: canTrees },
    { mode: 'work', icon: IconTool, label: t('map.tools.work'), enabled: canWorks },
    { mode: 'edit', icon: IconVectorSpline, label: t('map.tools.edit'), enabled: canTrees },
  ];
  const visible = tools.filter((x) => x.enabled);
  const editing = canTrees || canWorks;
  return (
    <Paper shadow="md" radius="md" p={4} withBorder data-testid="map-tools">
      <Stack gap={4}>
        {visible.map(({ mode: m, icon: Icon, label }) => (
          <Tooltip key={m} label={label} position="right" withArrow>
            <ActionIcon
              size={36}
              radius="md"
              variant={mode === m ? 'filled' : 'subtle'}
              color={mode === m ? 'arbor' : 'gray'}
              aria-label={label}
              aria-pressed={mode === m}
              data-testid={`map-tool-${m}`}
              onClick={() => onMode(mode === m && m !== 'browse' ? 'browse' : m)}
            >
              <Icon size={19} stroke={1.7} />
            </ActionIcon>
          </Tooltip>
        ))}
        {editing && (
          <>
            <Divider my={2} />
            <HistoryButton which="undo" stack={stack} onClick={onUndo} />
            <HistoryButton which="redo" stack={stack} onClick={onRedo} />
          </>
        )}
      </Stack>
    </Paper>
  );
}

const HISTORY = {
  undo: { icon: IconArrowBackUp, label: (s: StackState) => s.undoLabel, can: (s: StackState) => s.canUndo },
  redo: { icon: IconArrowForwardUp, label: (s: StackState) => s.redoLabel, can: (s: StackState) => s.canRedo },
};

/** Undo or redo: its tooltip names the step it would take back or do again. */
function HistoryButton({ which, stack, onClick }: { which: 'undo' | 'redo'; stack: StackState; onClick: () => void }) {
  const { t } = useTranslation();
  const { icon: Icon, label, can } = HISTORY[which];
  const name = t(`map.tools.${which}`);
  const step = label(stack);
  return (
    <Tooltip label={step ? `${name}: ${t(step)}` : name} position="right" withArrow>
      <ActionIcon
        size={36}
        radius="md"
        variant="subtle"
        color="gray"
        aria-label={name}
        data-testid={`map-${which}`}
        disabled={!can(stack) || stack.busy}
        onClick={onClick}
      >
        <Icon size={19} stroke={1.7} />
      </ActionIcon>
    </Tooltip>
  );
}
