import { Pagination } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The page numbers under a long list, small, each control named for screen readers. */
export function Pager({
  pages,
  page,
  onPage,
  testId,
}: {
  pages: number;
  page: number;
  onPage: (page: number) => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Pagination
      total={pages}
      value={page}
      onChange={onPage}
      size="sm"
      data-testid={testId}
      getControlProps={(control) => ({ 'aria-label': t(`lists.page.${control}`) })}
    />
  );
}
