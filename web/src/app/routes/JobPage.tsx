import { useState } from 'react';
import { Alert, Box, Button, Drawer, Grid, Group, Stack, Text } from '@mantine/core';
import { EmptyCard } from '@/components/ListStates';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconDoorEnter, IconFileCode, IconLockOff, IconTrash } from '@tabler/icons-react';
import { GaebExportModal } from '@/components/exports/GaebExportModal';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api';
import { useCrumbLabel } from '@/lib/crumbs';
import { PageHeader } from '@/components/PageHeader';
import { NotFoundState } from '@/components/NotFoundState';
import { ErrorAlert } from '@/components/ErrorAlert';
import { PageSkeleton } from '@/components/PageStates';
import { useSession } from '@/api/auth/getSession';
import { useJob } from '@/features/jobs/api/getJob';
import { useJobItems } from '@/features/jobs/api/getJobItems';
import { useEnterJob } from '@/features/jobs/api/enterJob';
import { brokenLockOf, canHold, canManage, jobRole } from '@/features/jobs/job';
import { useMyJob } from '@/features/jobs/components/useMyJob';
import { JobStatusBadge } from '@/features/jobs/components/JobStatusBadge';
import { JobProgress } from '@/features/jobs/components/JobProgress';
import { JobDetailsCard } from '@/features/jobs/components/JobDetailsCard';
import { JobStatusCard } from '@/features/jobs/components/JobStatusCard';
import { JobProgressCard } from '@/features/jobs/components/JobProgressCard';
import { JobLockCard } from '@/features/jobs/components/JobLockCard';
import { JobParticipants } from '@/features/jobs/components/JobParticipants';
import { JobConflicts } from '@/features/jobs/components/JobConflicts';
import { JobItemsTable } from '@/features/jobs/components/JobItemsTable';
import { TreeInfoWindow } from '@/features/trees/components/TreeInfoWindow';
import { DeleteJobModal } from '@/features/jobs/components/DeleteJobModal';
import { LeaveJobButton } from '@/features/jobs/components/JobSessionBar';

/** The single job page: details, status, progress, lock, participants, conflicts and items. */
export default function JobPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { jobId = '' } = useParams();
  const session = useSession();
  const claims = session.data?.session;
  const me = session.data?.user.id ?? '';
  const mine = useMyJob(jobId);
  const inOtherJob = claims?.type === 'job' && claims.id_j !== jobId;
  const inThisJob = claims?.type === 'job' && claims.id_j === jobId;
  const projectId = inOtherJob ? undefined : mine.entry?.project;
  const job = useJob(projectId, jobId);
  const items = useJobItems(job.data ? projectId : undefined, jobId);
  const enter = useEnterJob();
  const [deleting, setDeleting] = useState(false);
  const [tendering, setTendering] = useState(false);
  const [openTree, setOpenTree] = useState<string | null>(null);
  useCrumbLabel(`/jobs/${jobId}`, job.data?.name ?? mine.entry?.name);

  if (inOtherJob) {
    return (
      <Alert color="blue" variant="light" icon={<IconAlertTriangle size={18} />} data-testid="other-job-session">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{t('jobs.page.otherSessionUnnamed')}</Text>
          <LeaveJobButton />
        </Stack>
      </Alert>
    );
  }
  // A participant without access to the project reads the job only from their job list until
  // they work as the job.
  const limited = job.error instanceof ApiError && job.error.status === 404 && !!mine.entry?.role && !inThisJob;
  const notFound =
    (!mine.isPending && !mine.entry) || (job.error instanceof ApiError && job.error.status === 404 && !limited);
  if (notFound) {
    return (
      <NotFoundState
        title={t('jobs.page.notFound')}
        text={t('jobs.page.notFoundText')}
        back="/jobs"
        backLabel={t('jobs.page.backToList')}
      />
    );
  }
  const error = limited ? null : (mine.error ?? job.error);
  if (error) return <ErrorAlert>{error.message}</ErrorAlert>;
  const data = job.data ?? (limited ? mine.entry : undefined);
  if (!data) return <PageSkeleton blocks={[200]} />;
  const j = data;
  const role = mine.entry?.role;
  const manage = canManage(role);
  const broken = brokenLockOf(j, me);
  const enterButton = (
    <Button
      variant="light"
      leftSection={<IconDoorEnter size={16} />}
      loading={enter.isPending}
      title={t('jobs.page.workAsJobText')}
      data-testid="enter-job"
      // mutateAsync: this button unmounts once the session is the job's; the promise still settles.
      onClick={() =>
        enter.mutateAsync({ projectId: j.project, jobId: j.id }).then(
          () => notifications.show({ color: 'arbor', message: t('jobs.session.entered', { name: j.name }) }),
          (e: Error) => notifications.show({ color: 'red', message: e.message }),
        )
      }
    >
      {t('jobs.page.workAsJob')}
    </Button>
  );

  return (
    <>
      <PageHeader
        title={
          <Group gap="sm" component="span">
            <span data-testid="job-title">{j.name}</span>
            <JobStatusBadge status={j.status} size="md" />
          </Group>
        }
        description={[
          t('jobs.page.project', { name: j.projectName }),
          j.managerAlias && `${t('jobs.manager')}: ${j.managerAlias}`,
        ]
          .filter(Boolean)
          .join(' · ')}
        actions={
          <>
            {role && !inThisJob && !limited && enterButton}
            {manage && !limited && (
              <Button
                variant="default"
                leftSection={<IconFileCode size={16} />}
                title={t('exports.gaeb.jobHint')}
                onClick={() => setTendering(true)}
                data-testid="job-gaeb-button"
              >
                {t('exports.gaeb.job')}
              </Button>
            )}
            {manage && (
              <Button
                variant="default"
                color="red"
                leftSection={<IconTrash size={16} />}
                onClick={() => setDeleting(true)}
                data-testid="delete-job-button"
              >
                {t('jobs.page.delete')}
              </Button>
            )}
          </>
        }
      />
      <Stack gap="lg">
        {broken && (
          <Alert color="orange" variant="light" icon={<IconLockOff size={18} />} data-testid="lock-broken-notice">
            {t('jobs.lock.brokenForMe', {
              by: broken.by_alias || t('jobs.conflicts.unknownPerson'),
              at: broken.at ? new Date(broken.at).toLocaleString(i18n.language) : '',
            })}
          </Alert>
        )}
        {limited ? (
          <EmptyCard
            icon={IconDoorEnter}
            title={t('jobs.page.limitedTitle')}
            text={t('jobs.page.limitedText')}
            testId="job-limited"
          >
            <Group gap="lg" justify="center">
              <JobProgress job={j} w={200} />
              {enterButton}
            </Group>
          </EmptyCard>
        ) : (
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, md: 7 }}>
              <Stack gap="lg">
                <JobDetailsCard key={`${j.id}:${j.version}`} job={j} manage={manage} />
                <JobStatusCard job={j} manage={manage} />
                <JobProgressCard job={j} items={items.data} />
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5 }}>
              <Stack gap="lg">
                <JobLockCard job={j} me={me} hold={canHold(role)} manage={manage} />
                <JobParticipants job={j} manage={manage} />
                <JobConflicts job={j} manage={manage} />
              </Stack>
            </Grid.Col>
          </Grid>
        )}
        {!limited && (
          <JobItemsTable job={j} items={items.data} loading={items.isPending} manage={manage} onOpen={setOpenTree} />
        )}
      </Stack>
      {/* The info window of an item: inspections and works right from the job. Working as the job,
          the participant's role in it decides what they may change. */}
      <Drawer
        opened={!!openTree}
        onClose={() => setOpenTree(null)}
        position="right"
        size={460}
        withCloseButton={false}
        padding={0}
        data-testid="job-tree-drawer"
      >
        {openTree && (
          <Box h="100dvh" p="sm">
            <TreeInfoWindow
              projectId={j.project}
              treeId={openTree}
              onClose={() => setOpenTree(null)}
              onChanged={() => void items.refetch()}
              access={inThisJob && role ? { role: jobRole(role), terminated: false } : undefined}
            />
          </Box>
        )}
      </Drawer>
      <GaebExportModal
        projectId={j.project}
        projectName={j.projectName}
        opened={tendering}
        onClose={() => setTendering(false)}
        source={{ kind: 'job', job: j.id, name: j.name }}
      />
      <DeleteJobModal
        job={j}
        opened={deleting}
        onClose={() => setDeleting(false)}
        onDeleted={() => {
          setDeleting(false);
          void navigate('/jobs');
        }}
      />
    </>
  );
}
