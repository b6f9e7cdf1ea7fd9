import { useState } from 'react';
import { notifications } from '@mantine/notifications';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api';
import { useObjectForm } from '@/hooks/useObjectForm';
import type { Tree } from '@/api/trees/types';
import { changedFields, formValuesOf, offeredNumber, type TreeFormValues } from '@/lib/trees/tree';
import { useUpdateTree } from '../../api/updateTree';
import { formPath, type TreeForm } from './fields';

/** The edit of one tree in the General tab: its form, saving what changed with the version it
 * was loaded with, and what a save can meet (a newer version, a taken number, bad values). */
export interface TreeEdit {
  form: TreeForm;
  saving: boolean;
  /** Loads a tree's values into the form, as its new starting point. */
  load: (tree: Tree) => void;
  save: (values: TreeFormValues) => void;
  /** The newer version someone else saved meanwhile. */
  stale: Tree | null;
  /** In a job session a stale save is kept on the job for the manager: the server's message says so. */
  kept: string | null;
  /** Loads the newer version and forgets the conflict. */
  reload: () => void;
  message: string | null;
  setMessage: (m: string | null) => void;
  /** The number that is taken and the next free one the server offered. */
  duplicate: { taken: number; next: number } | null;
  setDuplicate: (d: { taken: number; next: number } | null) => void;
}

export function useTreeEdit(projectId: string, tree: Tree, onChanged?: () => void): TreeEdit {
  const { t } = useTranslation();
  const update = useUpdateTree(projectId);
  const [stale, setStale] = useState<Tree | null>(null);
  const [kept, setKept] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [duplicate, setDuplicate] = useState<{ taken: number; next: number } | null>(null);
  // The form's initial values are what it was loaded from: a save sends what changed since,
  // with the version they came with.
  const { form, load } = useObjectForm(tree, formValuesOf);

  const failed = (e: unknown, values: TreeFormValues) => {
    if (!(e instanceof ApiError)) {
      setMessage(t('errors.generic'));
      return;
    }
    const next = offeredNumber(e.current);
    if (e.status === 409 && next !== null) {
      setDuplicate({ taken: Number(values.number), next });
      return;
    }
    if (e.stale) {
      setStale(e.current as Tree);
      setKept(e.kept ? e.message : null);
      return;
    }
    const errors: Record<string, string> = {};
    for (const [k, v] of Object.entries(e.fields)) errors[formPath(k)] = v;
    form.setErrors(errors);
    setMessage(e.message);
  };

  const save = (values: TreeFormValues) => {
    const from = form.getInitialValues();
    const fields = changedFields(from, values);
    if (Object.keys(fields).length === 0) return;
    setMessage(null);
    update.mutate(
      { id: tree.id, version: from.version, fields },
      {
        onSuccess: (saved) => {
          setStale(null);
          setKept(null);
          load(saved);
          notifications.show({ color: 'arbor', icon: <IconCheck size={18} />, message: t('trees.general.saved') });
          onChanged?.();
        },
        onError: (e) => failed(e, values),
      },
    );
  };

  const reload = () => {
    if (stale) load(stale);
    setStale(null);
    setKept(null);
  };

  return {
    form,
    saving: update.isPending,
    load,
    save,
    stale,
    kept,
    reload,
    message,
    setMessage,
    duplicate,
    setDuplicate,
  };
}
