import { Badge, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconFlask, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { legalLanguage, useLegalPage, type LegalPageKind } from '@/api/legal/legal';
import { formatDate } from '@/lib/trees/format';
import { GuestCard } from '@/components/GuestCard';
import { RetryAlert } from '@/components/RetryAlert';
import { Markdown } from './Markdown';

/** A legal page: the operator's text (or the marked sample) in the user's language, else in English. */
export function LegalPage({ kind }: { kind: LegalPageKind }) {
  const { t, i18n } = useTranslation();
  const lang = legalLanguage(i18n.language);
  const page = useLegalPage(kind, lang);
  return (
    <GuestCard
      wide
      data-testid={`legal-${kind}`}
      data-state={page.isPending ? 'loading' : page.isError ? 'error' : 'ready'}
      data-sample={page.data?.sample ? 'true' : 'false'}
    >
      {page.isPending ? (
        <Stack gap="md" aria-busy="true" aria-label={t('legal.loading')} data-testid="legal-loading">
          <Skeleton h={34} w="55%" />
          <Skeleton h={14} />
          <Skeleton h={14} w="90%" />
          <Skeleton h={14} w="80%" />
          <Skeleton h={22} w="35%" mt="md" />
          <Skeleton h={14} />
          <Skeleton h={14} w="70%" />
        </Stack>
      ) : page.isError ? (
        <RetryAlert
          title={t('legal.errorTitle')}
          message={page.error.message || t('legal.errorText')}
          retry={t('legal.retry')}
          onRetry={() => void page.refetch()}
          testId="legal-error"
        />
      ) : (
        <>
          {(page.data.sample || page.data.lang !== lang) && (
            <Group gap="xs">
              {page.data.sample && (
                <Badge
                  color="red"
                  variant="light"
                  size="lg"
                  leftSection={<IconFlask size={14} />}
                  data-testid="legal-sample"
                >
                  {t('legal.sample')}
                </Badge>
              )}
              {page.data.lang !== lang && (
                <Badge color="gray" variant="light" size="lg" leftSection={<IconLanguage size={14} />}>
                  {t('legal.otherLanguage', { language: t(`legal.languages.${page.data.lang}`) })}
                </Badge>
              )}
            </Group>
          )}
          <div lang={page.data.lang}>
            <Markdown text={page.data.markdown} />
          </div>
          {page.data.updated_at && (
            <Text size="xs" c="dimmed">
              {t('legal.updated', { date: formatDate(page.data.updated_at, i18n.language) })}
            </Text>
          )}
        </>
      )}
    </GuestCard>
  );
}
