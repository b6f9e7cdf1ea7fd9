import { useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Button, Card, Fieldset, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api';
import { canManage } from '@/api/projects/access';
import { useUpdateSettings, type ProjectSettings, type SettingsUpdate } from '@/api/projects/settings';
import type { Project } from '@/api/projects/types';
import { StaleNotice } from '@/components/StaleNotice';
import { ReadOnlyNotice } from '../components/ReadOnlyNotice';

/**
 * A draft of one part of the settings, with the version it was loaded from. When the settings change
 * underneath (a save elsewhere, a stale answer) an untouched draft follows; an edited one stays.
 */
export function useSettingsDraft<T>(settings: ProjectSettings, pick: (s: ProjectSettings) => T) {
  const [loaded, setLoaded] = useState(() => ({ value: pick(settings), version: settings.version }));
  const [draft, setDraft] = useState<T>(loaded.value);
  const [seen, setSeen] = useState(settings.version);
  const dirty = JSON.stringify(draft) !== JSON.stringify(loaded.value);
  const load = (s: ProjectSettings) => {
    const value = pick(s);
    setLoaded({ value, version: s.version });
    setDraft(value);
    setSeen(s.version);
  };
  if (seen !== settings.version) {
    setSeen(settings.version);
    if (!dirty) {
      const value = pick(settings);
      setLoaded({ value, version: settings.version });
      setDraft(value);
    }
  }
  return { draft, setDraft, dirty, version: loaded.version, load };
}

/** Saving one part: success message, stale flag and the server's field errors. */
export function useSettingsSave(project: Project, load: (s: ProjectSettings) => void) {
  const { t } = useTranslation();
  const update = useUpdateSettings(project.id);
  const [stale, setStale] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = (body: SettingsUpdate) => {
    setErrors({});
    update.mutate(body, {
      onSuccess: (saved) => {
        setStale(false);
        load(saved);
        notifications.show({ color: 'arbor', icon: <IconCheck size={18} />, message: t('settings.saved') });
      },
      onError: (e) => {
        if (!(e instanceof ApiError)) return;
        if (e.stale) setStale(true);
        setErrors(e.fields);
      },
    });
  };
  return { save, saving: update.isPending, stale, setStale, errors, setErrors };
}

/** The settings parts edited as one form each: the form's test id and its introduction's key. */
const FORM_PARTS = {
  'custom-fields': { testId: 'custom-fields-form', intro: 'customFields.intro' },
  'required-fields': { testId: 'required-fields-form', intro: 'requiredFields.intro' },
  'default-values': { testId: 'default-values-form', intro: 'defaultValues.intro' },
  index: { testId: 'intervals-form', intro: 'intervals.intro' },
} as const;

/**
 * One part of the settings as a form: its draft (useSettingsDraft), saving it (useSettingsSave),
 * and `frame`, what its SettingsSection shows of both (title and introduction, stale alert with
 * Reload, Save).
 */
export function useSettingsPart<T>(
  part: keyof typeof FORM_PARTS,
  project: Project,
  settings: ProjectSettings,
  pick: (s: ProjectSettings) => T,
) {
  const { t } = useTranslation();
  const draft = useSettingsDraft(settings, pick);
  const saving = useSettingsSave(project, draft.load);
  const onReload = () => {
    draft.load(settings);
    saving.setStale(false);
  };
  const frame = {
    project,
    testId: FORM_PARTS[part].testId,
    title: t(`projectSettings.sections.${part}`),
    description: t(FORM_PARTS[part].intro),
    stale: saving.stale,
    onReload,
    dirty: draft.dirty,
    saving: saving.saving,
  };
  return { ...draft, save: saving.save, errors: saving.errors, frame };
}

export const isEditable = (p: Project) => canManage(p.role) && !p.terminated;

interface SectionProps {
  project: Project;
  testId: string;
  /** Absent where the page's tab names the part (general settings). */
  title?: string;
  description?: ReactNode;
  stale?: boolean;
  onReload?: () => void;
  /** Shown above the content: an error about the whole part. */
  error?: string;
  dirty?: boolean;
  saving?: boolean;
  onSave?: () => void;
  saveTestId?: string;
  /** Extra actions beside Save (managers only). */
  actions?: ReactNode;
  children: ReactNode;
}

/** The frame of a settings part: read-only notice, stale alert, content and (for managers) Save. */
export function SettingsSection(props: SectionProps) {
  const { t } = useTranslation();
  const { project: p } = props;
  const editable = isEditable(p);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (editable && props.onSave) props.onSave();
  };
  return (
    <Card
      padding="xl"
      component="form"
      onSubmit={submit}
      noValidate
      data-testid={props.testId}
      data-editable={editable}
    >
      <Stack gap="md">
        {props.title && (
          <div>
            <Text fw={700} fz="lg">
              {props.title}
            </Text>
            {props.description && (
              <Text size="sm" c="dimmed" mt={4} maw={720}>
                {props.description}
              </Text>
            )}
          </div>
        )}
        {!editable && <ReadOnlyNotice project={p} />}
        {props.stale && <StaleNotice text={t('project.stale')} onReload={props.onReload} />}
        {props.error && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} data-testid="section-error">
            {props.error}
          </Alert>
        )}
        <Fieldset variant="unstyled" disabled={!editable} p={0} m={0} miw={0}>
          {props.children}
        </Fieldset>
        {editable && props.onSave && (
          <Group justify="flex-end" gap="sm">
            {props.actions}
            <Button
              type="submit"
              loading={props.saving}
              disabled={!props.dirty}
              data-testid={props.saveTestId ?? 'settings-save'}
            >
              {t('common.save')}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
