import { Plus } from '~/platform/ui/icons/icons';
import { useTranslation } from '~/platform/i18n/useTranslation';
import type { AdminSection } from '~/platform/admin/section';
import { Button } from '~/platform/ui/Button';
import { MEMBERSHIPS_LIST } from './admin';
import { MembershipAdminCard } from './MembershipAdminCard';
import { MembershipDialog } from './MembershipDialog';

function NewMembershipButton({ onChanged }: { onChanged: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <MembershipDialog
      onSaved={onChanged}
      trigger={
        <Button>
          <Plus aria-hidden="true" className="h-5 w-5" />
          {t('memberships.create')}
        </Button>
      }
    />
  );
}

/** Community memberships: a list the organisers keep by hand. */
export const membershipsSection: AdminSection = {
  name: 'memberships',
  lists: [{ list: MEMBERSHIPS_LIST, Row: MembershipAdminCard, Toolbar: NewMembershipButton }],
};
