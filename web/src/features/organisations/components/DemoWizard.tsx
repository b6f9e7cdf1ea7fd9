import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconMap, IconSparkles, IconTrees } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Organisation } from '@/api/organisations/types';
import { canEditOrganisation } from '@/api/organisations/organisation';
import { formatNumber } from '@/lib/format';
import { ApiError } from '@/lib/api';
import { WizardFrame } from '@/components/WizardFrame';
import { DEMO_FIELDS, useCreateDemoProject, type DemoField } from '../api/createDemoProject';

/** The steps of the demo project wizard (docs/PRODUCT.md §4). */
const STEPS = ['start', 'project', 'custom', 'finish'] as const;

/** The offer of the demo project wizard: for an administrator of an organisation in its demo
 * that has no project yet. */
export function DemoWizardOffer({ organisation: o }: { organisation: Organisation }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const offered = o.status === 'demo' && o.project_count === 0 && canEditOrganisation(o);
  // The wizard stays open after its project is made (and the offer is gone) to show the result.
  if (!offered && !opened) return null;
  return (
    <>
      {offered && (
        <Card padding="lg" withBorder data-testid="demo-wizard-offer">
          <Group justify="space-between" gap="md" wrap="wrap">
            <Group gap="md" wrap="nowrap" align="flex-start" style={{ flex: '1 1 320px' }}>
              <ThemeIcon color="arbor" variant="light" radius="xl" size={44}>
                <IconSparkles size={24} />
              </ThemeIcon>
              <Stack gap={2}>
                <Text fw={650}>{t('demoWizard.offerTitle')}</Text>
                <Text size="sm" c="dimmed">
                  {t('demoWizard.offerText')}
                </Text>
              </Stack>
            </Group>
            <Button onClick={() => setOpened(true)} data-testid="demo-wizard-open">
              {t('demoWizard.open')}
            </Button>
          </Group>
        </Card>
      )}
      {opened && <DemoWizard organisation={o} onClose={() => setOpened(false)} />}
    </>
  );
}

/** The demo project wizard: start, project (its name), custom (which custom fields), finish. */
export function DemoWizard({ organisation: o, onClose }: { organisation: Organisation; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateDemoProject();
  const [step, setStep] = useState(0);
  const [name, setName] = useState(() => t('demoWizard.defaultName'));
  const [nameError, setNameError] = useState<string | null>(null);
  const [fields, setFields] = useState<DemoField[]>([...DEMO_FIELDS]);
  const done = create.data;
  const serverError = create.error;

  const next = () => {
    if (STEPS[step] === 'project' && !name.trim()) {
      setNameError(t('errors.required'));
      return;
    }
    setStep((s) => Math.min(s + 1, STEPS.length - 1));
  };
  const back = () => setStep((s) => Math.max(s - 1, 0));
  const finish = () => {
    create.mutate(
      { organisation: o.id, name: name.trim(), fields },
      {
        onError: (err) => {
          // A name that exists: back to the step that asks it.
          if (err instanceof ApiError && err.fields.name) {
            setNameError(err.message);
            setStep(1);
          }
        },
      },
    );
  };

  return (
    <Modal
      opened
      onClose={onClose}
      centered
      size="lg"
      title={<Text fw={650}>{t('demoWizard.title')}</Text>}
      closeOnClickOutside={!create.isPending}
    >
      <WizardFrame
        steps={STEPS.map((s) => ({ label: t(`demoWizard.steps.${s}`), testId: `demo-wizard-step-${s}` }))}
        active={step}
        onStepClick={done ? undefined : setStep}
        testId="demo-wizard"
        step={STEPS[step]}
        back={
          done ? (
            <Button variant="default" onClick={onClose}>
              {t('common.close')}
            </Button>
          ) : (
            <Button variant="default" onClick={step === 0 ? onClose : back} disabled={create.isPending}>
              {step === 0 ? t('common.cancel') : t('demoWizard.back')}
            </Button>
          )
        }
        actions={
          done ? (
            <Button
              leftSection={<IconMap size={16} />}
              onClick={() => void navigate(`/projects/${done.project.id}/map`)}
              data-testid="demo-wizard-map"
            >
              {t('demoWizard.openMap')}
            </Button>
          ) : STEPS[step] === 'finish' ? (
            <Button onClick={finish} loading={create.isPending} data-testid="demo-wizard-create">
              {t('demoWizard.create')}
            </Button>
          ) : (
            <Button onClick={next} data-testid="demo-wizard-next">
              {t('demoWizard.next')}
            </Button>
          )
        }
      >
        {STEPS[step] === 'start' && (
          <Stack gap="sm">
            <Group gap="md" wrap="nowrap" align="flex-start">
              <ThemeIcon color="arbor" variant="light" radius="xl" size={44}>
                <IconTrees size={24} />
              </ThemeIcon>
              <Stack gap={6}>
                <Title order={4} fz="md">
                  {t('demoWizard.startTitle')}
                </Title>
                <Text size="sm">{t('demoWizard.startText')}</Text>
                <Text size="sm" c="dimmed">
                  {t('demoWizard.startDemo', { count: o.demo_days_left })}
                </Text>
              </Stack>
            </Group>
          </Stack>
        )}

        {STEPS[step] === 'project' && (
          <TextInput
            label={t('demoWizard.name')}
            description={t('demoWizard.nameText')}
            value={name}
            onChange={(e) => {
              setName(e.currentTarget.value);
              setNameError(null);
            }}
            error={nameError}
            required
            data-autofocus
            data-testid="demo-wizard-name"
          />
        )}

        {STEPS[step] === 'custom' && (
          <Checkbox.Group
            label={t('demoWizard.fields')}
            description={t('demoWizard.fieldsText')}
            value={fields}
            onChange={(v) => setFields(v as DemoField[])}
          >
            <Stack gap="sm" mt="sm">
              {DEMO_FIELDS.map((f) => (
                <Checkbox
                  key={f}
                  value={f}
                  label={t(`demoWizard.field.${f}`)}
                  description={t(`demoWizard.field.${f}Text`)}
                  data-testid={`demo-wizard-field-${f}`}
                />
              ))}
            </Stack>
          </Checkbox.Group>
        )}

        {STEPS[step] === 'finish' && !done && (
          <Stack gap="sm">
            <Text size="sm">{t('demoWizard.finishText')}</Text>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
              <Text size="sm" c="dimmed">
                {t('demoWizard.name')}
              </Text>
              <Text size="sm" fw={600} data-testid="demo-wizard-summary-name">
                {name.trim()}
              </Text>
              <Text size="sm" c="dimmed">
                {t('demoWizard.fields')}
              </Text>
              <Text size="sm" fw={600}>
                {fields.length ? fields.map((f) => t(`demoWizard.field.${f}`)).join(', ') : t('demoWizard.noFields')}
              </Text>
            </SimpleGrid>
            {serverError && !(serverError instanceof ApiError && serverError.fields.name) && (
              <Alert color="red" variant="light" role="alert" data-testid="modal-error">
                {serverError.message}
              </Alert>
            )}
          </Stack>
        )}

        {done && (
          <Alert color="arbor" variant="light" icon={<IconTrees size={18} />} data-testid="demo-wizard-done">
            <Text size="sm" fw={600}>
              {t('demoWizard.doneTitle', { name: done.project.name })}
            </Text>
            <Text size="sm">
              {t('demoWizard.doneText', {
                trees: formatNumber(done.trees, i18n.language),
                groups: formatNumber(done.groups, i18n.language),
                checks: formatNumber(done.checks, i18n.language),
                works: formatNumber(done.works, i18n.language),
              })}
            </Text>
          </Alert>
        )}
      </WizardFrame>
    </Modal>
  );
}
