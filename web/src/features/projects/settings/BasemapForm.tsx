import { useState } from 'react';
import { Alert, Checkbox, Group, PasswordInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api';
import { useSaveBasemap, type Basemap, type BasemapInput, type BasemapType } from '@/api/projects/settings';
import type { BasemapPreset } from '@/api/projects/basemapPresets';
import type { Project } from '@/api/projects/types';
import { ModalActions } from '@/components/ModalActions';

const TYPES: BasemapType[] = ['xyz', 'wms', 'esri', 'vector'];

/** Adds or changes a basemap; a preset fills the form of a new one. */
export function BasemapForm({
  project,
  basemap,
  preset,
  onDone,
}: {
  project: Project;
  basemap: Basemap | null;
  preset?: BasemapPreset | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const saveBasemap = useSaveBasemap(project.id);
  const [v, setV] = useState({
    name: basemap?.name ?? (preset ? t(preset.nameKey) : ''),
    type: (basemap?.type ?? preset?.type ?? 'xyz') as BasemapType,
    url: basemap?.url ?? preset?.url ?? '',
    layers: basemap?.layers ?? preset?.layers ?? '',
    attribution: basemap?.attribution ?? preset?.attribution ?? '',
    username: basemap?.username ?? '',
    password: '',
    removePassword: false,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');
  const set = (patch: Partial<typeof v>) => setV((x) => ({ ...x, ...patch }));

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const c: Record<string, string> = {};
    if (!v.name.trim()) c.name = t('errors.required');
    if (!/^https?:\/\/\S+$/i.test(v.url.trim())) c.url = t('basemaps.urlInvalid');
    setErrors(c);
    setMessage('');
    if (Object.keys(c).length) return;
    const body: BasemapInput & { basemapId?: string } = {
      name: v.name.trim(),
      type: v.type,
      url: v.url.trim(),
      layers: v.type === 'wms' ? v.layers.trim() : '',
      attribution: v.attribution.trim(),
      username: v.username.trim(),
    };
    if (basemap) {
      body.basemapId = basemap.id;
      body.version = basemap.version;
      if (v.removePassword) body.password = '';
      else if (v.password) body.password = v.password;
    } else if (v.password) {
      body.password = v.password;
    }
    saveBasemap.mutate(body, {
      onSuccess: () => {
        notifications.show({ color: 'arbor', icon: <IconCheck size={18} />, message: t('basemaps.saved') });
        onDone();
      },
      onError: (err) => {
        if (!(err instanceof ApiError)) return;
        setErrors(err.fields);
        setMessage(err.stale ? t('project.stale') : err.message);
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate data-testid="basemap-form">
      <Stack gap="md">
        {message && (
          <Alert
            color={saveBasemap.error instanceof ApiError && saveBasemap.error.stale ? 'yellow' : 'red'}
            variant="light"
            role="alert"
          >
            {message}
          </Alert>
        )}
        <TextInput
          label={t('basemaps.name')}
          name="basemap_name"
          required
          value={v.name}
          onChange={(e) => set({ name: e.currentTarget.value })}
          error={errors.name}
          data-autofocus
        />
        <Select
          label={t('basemaps.type')}
          allowDeselect={false}
          value={v.type}
          onChange={(x) => x && set({ type: x as BasemapType })}
          data={TYPES.map((x) => ({
            value: x,
            label: x === 'vector' ? t('basemapPresets.vector') : t(`basemaps.types.${x}`),
          }))}
          error={errors.type}
          data-testid="basemap-type"
        />
        <TextInput
          label={t('basemaps.url')}
          description={v.type === 'vector' ? t('basemapPresets.vectorHint') : t(`basemaps.urlHint.${v.type}`)}
          name="basemap_url"
          required
          value={v.url}
          onChange={(e) => set({ url: e.currentTarget.value })}
          error={errors.url}
        />
        {v.type === 'wms' && (
          <TextInput
            label={t('basemaps.layers')}
            description={t('basemaps.layersHint')}
            name="basemap_layers"
            value={v.layers}
            onChange={(e) => set({ layers: e.currentTarget.value })}
            error={errors.layers}
          />
        )}
        <TextInput
          label={t('basemapPresets.attribution')}
          description={t('basemapPresets.attributionHint')}
          name="basemap_attribution"
          value={v.attribution}
          onChange={(e) => set({ attribution: e.currentTarget.value })}
          error={errors.attribution}
          maxLength={300}
        />
        <Group grow align="flex-start">
          <TextInput
            label={t('basemaps.username')}
            name="basemap_username"
            autoComplete="off"
            value={v.username}
            onChange={(e) => set({ username: e.currentTarget.value })}
            error={errors.username}
          />
          <PasswordInput
            label={t('basemaps.password')}
            description={basemap?.has_password ? t('basemaps.passwordKeepHint') : undefined}
            name="basemap_password"
            autoComplete="new-password"
            value={v.password}
            disabled={v.removePassword}
            onChange={(e) => set({ password: e.currentTarget.value })}
            error={errors.password}
          />
        </Group>
        <Text size="xs" c="dimmed" mt={-8}>
          {t('basemaps.protectedHint')}
        </Text>
        {basemap?.has_password && (
          <Checkbox
            label={t('basemaps.removePassword')}
            checked={v.removePassword}
            onChange={(e) => set({ removePassword: e.currentTarget.checked, password: '' })}
            data-testid="basemap-remove-password"
          />
        )}
        <ModalActions
          onCancel={onDone}
          loading={saveBasemap.isPending}
          submit={t('common.save')}
          submitTestId="basemap-submit"
        />
      </Stack>
    </form>
  );
}
