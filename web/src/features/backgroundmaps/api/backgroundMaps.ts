import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { postFormWithProgress } from '@/lib/postForm';
import { backgroundMapKeys, type BackgroundMap, type BackgroundMapList } from '@/api/projects/backgroundMaps';
import { organisationUrl } from '@/api/organisations/url';

const base = (organisation: string) => organisationUrl(organisation, '/background-maps');

/** GET …/background-maps (administrators): the archives and whether the add-on is booked. */
export function useBackgroundMaps(organisation: string) {
  return useQuery({
    queryKey: backgroundMapKeys.organisation(organisation),
    queryFn: () => api.get<BackgroundMapList>(base(organisation), { silent: true }),
  });
}

/** After a change: the lists, the storage meter and the projects' settings read again. */
function useInvalidate() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: ['background-maps'] }),
      qc.invalidateQueries({ queryKey: ['documents', 'space'] }),
      qc.invalidateQueries({ queryKey: ['projects'] }),
    ]);
}

/** POST …/background-maps (multipart: name, file) with the upload's progress. */
export function useUploadBackgroundMap(organisation: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ file, name, onProgress }: { file: File; name: string; onProgress: (f: number) => void }) => {
      const form = new FormData();
      if (name.trim()) form.append('name', name.trim());
      form.append('file', file, file.name);
      return postFormWithProgress<BackgroundMap>(base(organisation), form, onProgress);
    },
    onSettled: invalidate,
  });
}

/** DELETE …/background-maps/{id}: the archive goes, and with it every project's basemap of it. */
export function useDeleteBackgroundMap(organisation: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) =>
      api.delete<void>(`${base(organisation)}/${encodeURIComponent(id)}`, undefined, { silent: true }),
    onSettled: invalidate,
  });
}
