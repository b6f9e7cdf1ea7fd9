import { useEffect, useState } from 'react';
import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { NewsItem } from '../api/types';
import { dataViewPath } from '../filters';
import { relativeTime } from '@/lib/format';
import { mergeNews, newsText } from '../news';

/** The current time, a minute at a time, so "5 minutes ago" stays true while the page is open. */
function useNow() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = window.setInterval(() => setNow(new Date()), 60_000);
    return () => window.clearInterval(id);
  }, []);
  return now;
}

/** Recent changes with relative times; an object that still exists opens in the data view. */
export function NewsList({
  items,
  showProject = true,
  max = 10,
}: {
  items: NewsItem[];
  showProject?: boolean;
  max?: number;
}) {
  const { t, i18n } = useTranslation();
  const now = useNow();
  const entries = mergeNews(items).slice(0, max);
  if (entries.length === 0) {
    return (
      <Text size="sm" c="dimmed" py="md" data-testid="news-empty">
        {t('dashboard.news.empty')}
      </Text>
    );
  }
  return (
    <Stack gap={10} data-testid="news">
      {entries.map((n, i) => {
        const text = newsText(n, t);
        const at = new Date(n.at);
        return (
          <Group key={`${n.at}-${n.object}-${i}`} gap="sm" wrap="nowrap" align="flex-start" data-testid="news-item">
            <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
              {n.number !== null && n.op !== 'delete' ? (
                <Anchor
                  component={Link}
                  to={dataViewPath(n.project, { state: 'all', ids: [n.object] })}
                  size="sm"
                  c="var(--mantine-color-text)"
                >
                  {text}
                </Anchor>
              ) : (
                <Text size="sm">{text}</Text>
              )}
              {showProject && (
                <Text size="xs" c="dimmed" truncate>
                  {n.projectName}
                </Text>
              )}
            </Stack>
            <Badge
              variant="light"
              color="gray"
              radius="sm"
              tt="none"
              fw={500}
              style={{ flex: 'none' }}
              title={at.toLocaleString(i18n.language)}
              data-testid="news-time"
            >
              {relativeTime(at, now, i18n.language, t('dashboard.news.justNow'))}
            </Badge>
          </Group>
        );
      })}
    </Stack>
  );
}
