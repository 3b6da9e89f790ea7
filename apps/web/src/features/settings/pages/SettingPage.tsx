import LockIcon from '@mui/icons-material/Lock';
import PersonIcon from '@mui/icons-material/Person';
import { Card, Tab, Tabs } from '@mui/material';
import { PageHeader } from '../../../components/PageHeader';
import { useSession } from '../../../lib/session/useSession';
import { useUrlParams } from '../../../lib/useListParams';
import { PersonalInfoTab } from '../components/PersonalInfoTab';
import { SecurityTab } from '../components/SecurityTab';

type SettingTab = 'personal' | 'security';

/** /setting: the signed-in user's own profile and password. The tab is in the URL (?tab=security). */
export function SettingPage() {
  const { user } = useSession();
  const { params, update } = useUrlParams();
  const mustChange = user?.must_change_password === true;
  const tab: SettingTab = mustChange || params.get('tab') === 'security' ? 'security' : 'personal';
  if (!user) return null;

  return (
    <>
      <PageHeader title="Account Setting" subtitle="Your profile and sign-in security" />
      <Card sx={{ maxWidth: 880 }}>
        <Tabs
          value={tab}
          onChange={(_event, next: SettingTab) => update({ tab: next === 'personal' ? null : next })}
          sx={{ borderBottom: 1, borderColor: 'divider', px: 2 }}
        >
          <Tab
            value="personal"
            label="Personal Info"
            icon={<PersonIcon />}
            iconPosition="start"
            disabled={mustChange}
          />
          <Tab value="security" label="Security" icon={<LockIcon />} iconPosition="start" />
        </Tabs>
        {tab === 'personal' ? <PersonalInfoTab key={user.id} user={user} /> : <SecurityTab user={user} />}
      </Card>
    </>
  );
}
