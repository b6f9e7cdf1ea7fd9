import { useSearchParams } from 'react-router';

/**
 * The tree open beside a map or table, as ?tree=<uuid> in the address, and opening another (null
 * closes it). Opening the first adds a history entry, so Back closes it; switching replaces it.
 */
export function useTreeParam() {
  const [params, setParams] = useSearchParams();
  const tree = params.get('tree');
  const openTree = (id: string | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (id) next.set('tree', id);
        else next.delete('tree');
        return next;
      },
      { replace: !!tree, preventScrollReset: true },
    );
  return [tree, openTree] as const;
}
