import { Button, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useOrganisations } from '@/api/organisations/getOrganisations';
import { canEditOrganisation } from '@/api/organisations/organisation';
import { useShowCreated } from '@/hooks/useShowCreated';
import { CreateProjectModal } from './CreateProjectModal';

/**
 * The header's "Add project": opens the create-project modal with the organisations I administer;
 * disabled, with a tooltip saying why, when there are none.
 */
export function AddProjectButton() {
  const { t } = useTranslation();
  const orgs = useOrganisations();
  const [opened, { open, close }] = useDisclosure(false);
  const showCreated = useShowCreated(close);
  const mine = (orgs.data ?? []).filter(canEditOrganisation);
  if (!mine.length) {
    return (
      <Tooltip label={orgs.isPending ? t('app.loading') : t('projects.addNeedsAdmin')} withArrow multiline w={260}>
        <span tabIndex={0} data-testid="add-project-disabled">
          <Button
            leftSection={<IconPlus size={16} />}
            disabled
            data-testid="add-project"
            style={{ pointerEvents: 'none' }}
          >
            {t('home.addProject')}
          </Button>
        </span>
      </Tooltip>
    );
  }
  return (
    <>
      <Button leftSection={<IconPlus size={16} />} onClick={open} data-testid="add-project">
        {t('home.addProject')}
      </Button>
      <CreateProjectModal
        opened={opened}
        onClose={close}
        organisations={mine}
        onCreated={(p) => showCreated(t('projects.created', { name: p.name }), `/projects/${p.id}`)}
      />
    </>
  );
}
