import { useMemo } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useProjectSettings } from '@/api/projects/settings';
import { BASEMAP_PRESETS, defaultPreset, presetBasemap } from '@/api/projects/basemapPresets';
import { fetchStyle, fetchTileJSON, fetchWorkEntries, type Scheme } from '../api/map';
import { basemapSpec, isProtected, pickBasemap, usableBasemaps } from '../basemap';
import { api, ApiError } from '@/lib/api';
import { union } from './mapHelpers';

/**
 * What the project map reads from the server: the style of the theme, the extent of the
 * project's objects, the basemaps to choose from (the project's own and the open presets, with
 * the default for where the project lies) and, while placing works, the works to place.
 */
export function useMapData(
  projectId: string,
  theme: string,
  scheme: Scheme,
  chosenBasemap: string | undefined,
  placingWorks: boolean,
) {
  const { t } = useTranslation();
  const style = useQuery({
    queryKey: ['map', 'style', projectId, theme, scheme],
    queryFn: ({ signal }) => fetchStyle(projectId, theme, scheme, signal),
    placeholderData: keepPreviousData,
    staleTime: Infinity,
  });
  const extent = useQuery({
    queryKey: ['map', 'extent', projectId],
    queryFn: async () => {
      const [trees, groups] = await Promise.all([
        fetchTileJSON(projectId, 'trees'),
        fetchTileJSON(projectId, 'groups'),
      ]);
      return union(trees.bounds, groups.bounds) ?? null;
    },
    staleTime: Infinity,
  });
  const settings = useProjectSettings(projectId);
  const own = useMemo(() => usableBasemaps(settings.data?.basemaps), [settings.data]);
  const presets = useMemo(() => BASEMAP_PRESETS.map((p) => presetBasemap(p, t(p.nameKey))), [t]);
  const fallback = useMemo(() => {
    const id = defaultPreset(extent.data).id;
    return presets.find((p) => p.id === `preset:${id}`);
  }, [extent.data, presets]);
  const basemap = useMemo(
    () => (settings.isFetched ? pickBasemap([...own, ...presets], chosenBasemap, fallback) : undefined),
    [own, presets, chosenBasemap, fallback, settings.isFetched],
  );
  const spec = useMemo(
    () => (basemap ? basemapSpec(basemap, { projectId, origin: window.location.origin }) : null),
    [basemap, projectId],
  );
  // A protected basemap is loaded through the server: asked once whether its service answers
  // with the stored credentials, so the map can say why it stays empty.
  const guarded = basemap && isProtected(basemap) ? basemap : null;
  const check = useQuery({
    queryKey: ['map', 'basemap-check', projectId, guarded?.id, guarded?.version],
    queryFn: () =>
      api.get<void>(
        `/api/management/project/${encodeURIComponent(projectId)}/basemaps/${encodeURIComponent(guarded!.id)}/check`,
        { silent: true },
      ),
    enabled: !!guarded,
    retry: false,
    staleTime: 5 * 60_000,
  });
  const basemapProblem = guarded && check.error instanceof ApiError ? check.error : null;
  const works = useQuery({
    queryKey: ['map', 'work-entries', projectId],
    queryFn: () => fetchWorkEntries(projectId),
    enabled: placingWorks,
    staleTime: 60_000,
  });
  return { style, extent, own, presets, basemap, spec, works, basemapProblem };
}
