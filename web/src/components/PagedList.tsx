import { useState, type ReactNode } from 'react';
import { Group, Stack } from '@mantine/core';
import { ListSkeleton } from './ListStates';
import { Pager as PageButtons } from './Pager';

/**
 * The page buttons under a list that the server sends a page at a time, right-aligned (with what
 * stands left of them, if anything); nothing while one page holds the whole list.
 */
export function ListPages({
  total,
  pageSize,
  page,
  onPage,
  testId,
  children,
}: {
  total: number;
  pageSize: number;
  page: number;
  onPage: (page: number) => void;
  testId: string;
  children?: ReactNode;
}) {
  if (total <= pageSize) return null;
  return (
    <Group justify={children ? 'space-between' : 'flex-end'}>
      {children}
      <PageButtons pages={Math.ceil(total / pageSize)} page={page} onPage={onPage} testId={testId} />
    </Group>
  );
}

/** Which page of a list is shown, and how to turn it. */
export interface Pager {
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
}

/**
 * The page state of a list the server sends a page at a time: `offset` for the query, `pager` for
 * PagedList, `reset` back to the first page when what narrows the list changes.
 */
export function usePager(pageSize: number) {
  const [page, setPage] = useState(1);
  return { offset: (page - 1) * pageSize, pager: { page, pageSize, onPage: setPage }, reset: () => setPage(1) };
}

/** A page of a list as the server answers it: the rows and how many there are on all pages. */
export interface ListPage<T> {
  items: T[];
  total: number;
}

/**
 * A list the server sends a page at a time: what narrows it (if anything), then grey rows while the
 * page loads, the empty state when it holds nothing, else the page's rows; the page buttons below.
 */
export function PagedList<T>({
  query,
  pager,
  pagesTestId,
  empty,
  loading = <ListSkeleton />,
  header,
  gap = 'md',
  children,
}: {
  query: { isPending: boolean; data?: ListPage<T> };
  pager: Pager;
  pagesTestId: string;
  empty: ReactNode;
  loading?: ReactNode;
  header?: ReactNode;
  gap?: 'sm' | 'md';
  children: (items: T[]) => ReactNode;
}) {
  const items = query.data?.items ?? [];
  return (
    <Stack gap={gap}>
      {header}
      {query.isPending ? loading : items.length === 0 ? empty : children(items)}
      <ListPages total={query.data?.total ?? 0} {...pager} testId={pagesTestId} />
    </Stack>
  );
}
