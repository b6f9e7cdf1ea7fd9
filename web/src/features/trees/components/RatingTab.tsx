import { useState } from 'react';
import { Badge, Group, Loader, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconClipboardCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useChecks } from '../api/getChecks';
import type { Assessment, Check } from '@/api/trees/types';
import { checkClassOf } from '@/lib/trees/tree';
import { CheckClassBadge } from './badges';
import { CheckModal } from './CheckModal';
import { enumLabel } from '@/lib/trees/options';
import { formatDate, formatDateTime } from '@/lib/trees/format';
import { Section } from './Section';
import { TabAddButton } from './TabAddButton';
import { TabEmpty } from './TabEmpty';
import type { TreeTabProps } from './tabProps';
import { saidFindings } from '../findings';

const ASSESSMENT = ['vitality', 'development', 'damage_tree', 'security_expectation'] as const;
const VALUATIONS = ['valuation_root', 'valuation_trunk', 'valuation_top', 'valuation_group'] as const;

function Value({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} data-testid={testId}>
        {value || '—'}
      </Text>
    </Stack>
  );
}

function AssessmentGrid({ a, group, prefix }: { a: Assessment; group: boolean; prefix: string }) {
  const { t } = useTranslation();
  const valuations = VALUATIONS.filter((f) => group || f !== 'valuation_group');
  return (
    <Stack gap="sm">
      <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs">
        {ASSESSMENT.map((f) => (
          <Value key={f} label={t(`treeFields.${f}`)} value={enumLabel(t, f, a[f])} testId={`${prefix}-${f}`} />
        ))}
      </SimpleGrid>
      <SimpleGrid cols={valuations.length} spacing="xs">
        {valuations.map((f) => (
          <Value
            key={f}
            label={t(`trees.valuationShort.${f}`)}
            value={enumLabel(t, f, a[f])}
            testId={`${prefix}-${f}`}
          />
        ))}
      </SimpleGrid>
      {a.symptoms.length > 0 && (
        <Group gap={6}>
          {a.symptoms.map((s) => (
            <Badge key={s} variant="outline" color="gray" tt="none" fw={500}>
              {s}
            </Badge>
          ))}
        </Group>
      )}
    </Stack>
  );
}

function CheckRecord({ c, group }: { c: Check; group: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <Paper withBorder radius="md" p="sm" data-testid="check-record">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={0}>
            <Text size="sm" fw={600}>
              {formatDateTime(c.timestamp, i18n.language)}
            </Text>
            <Text size="xs" c="dimmed">
              {c.alias || c.username}
            </Text>
            {c.check_type && c.check_type !== 'routine' && (
              <Badge size="xs" radius="sm" variant="light" color="grape" mt={4} data-testid="check-type">
                {t(`trees.rating.typeNames.${c.check_type}`)}
              </Badge>
            )}
          </Stack>
          <Stack gap={2} align="flex-end">
            <CheckClassBadge value={checkClassOf(c.check_next)} size="sm" />
            <Text size="xs" c="dimmed">
              {t('trees.rating.nextOn', { date: formatDate(c.check_next, i18n.language) })}
            </Text>
          </Stack>
        </Group>
        <AssessmentGrid a={c} group={group} prefix="check" />
        {saidFindings(c.findings).length > 0 && (
          <Stack gap={2} data-testid="check-findings-record">
            {saidFindings(c.findings).map((f) => (
              <Text key={f.symptom} size="sm" data-testid="check-finding-record">
                <Text span fw={600}>
                  {f.symptom}
                </Text>
                {' · '}
                {[
                  f.part && t(`trees.rating.parts.${f.part}`),
                  f.severity > 0 && t(`trees.rating.severities.${f.severity}`),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
            ))}
          </Stack>
        )}
        {c.comment && (
          <Text size="sm" fs="italic" style={{ whiteSpace: 'pre-wrap' }} data-testid="check-comment">
            “{c.comment}”
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** Rating: the current assessment, the next inspection, and every inspection newest first. */
export function RatingTab({ projectId, tree, perms, settings, lists, onChanged }: TreeTabProps) {
  const { t, i18n } = useTranslation();
  const checks = useChecks(projectId, tree.id);
  const [open, setOpen] = useState(false);
  const group = !tree.single_tree;

  return (
    <Stack gap="lg" pb="md" data-testid="tree-rating">
      <Paper withBorder radius="md" p="md" data-testid="tree-next-check">
        <Group justify="space-between" wrap="nowrap">
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              {t('trees.rating.next')}
            </Text>
            <Text fw={700} size="lg" data-testid="tree-check-next">
              {tree.check_next ? formatDate(tree.check_next, i18n.language) : t('trees.rating.notYet')}
            </Text>
            {tree.check_timestamp && (
              <Text size="xs" c="dimmed">
                {t('trees.rating.last', {
                  date: formatDate(tree.check_timestamp, i18n.language),
                  who: tree.check_alias || tree.check_username,
                })}
              </Text>
            )}
          </Stack>
          <CheckClassBadge value={tree.check_class} size="md" style={{ flex: 'none' }} />
        </Group>
      </Paper>

      <Section title={t('trees.rating.current')}>
        <AssessmentGrid a={tree} group={group} prefix="tree" />
      </Section>

      <Section title={t('trees.rating.inspections')}>
        {perms.inspect && (
          <TabAddButton label={t('trees.rating.new')} onClick={() => setOpen(true)} testId="check-new" />
        )}
        {checks.isLoading && <Loader size="sm" />}
        {checks.data?.length === 0 && (
          <TabEmpty
            icon={IconClipboardCheck}
            title={t('trees.rating.emptyTitle')}
            text={t('trees.rating.emptyText')}
            testId="checks-empty"
          />
        )}
        {checks.data?.map((c) => (
          <CheckRecord key={c.id} c={c} group={group} />
        ))}
      </Section>

      <CheckModal
        opened={open}
        onClose={() => setOpen(false)}
        projectId={projectId}
        tree={tree}
        settings={settings}
        lists={lists}
        onChanged={onChanged}
      />
    </Stack>
  );
}
