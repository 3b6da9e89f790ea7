import Inventory2Icon from '@mui/icons-material/Inventory2';
import KeyIcon from '@mui/icons-material/Key';
import LockIcon from '@mui/icons-material/Lock';
import NotificationsIcon from '@mui/icons-material/Notifications';
import PersonIcon from '@mui/icons-material/Person';
import { Card, Tab, Tabs } from '@mui/material';
import { lazy, Suspense } from 'react';
import { LoadingState } from '../../../components/LoadingState';
import { PageHeader } from '../../../components/PageHeader';
import { hasPermission, userAllows } from '../../../lib/permissions';
import { useSession } from '../../../lib/session/use-session';
import { useUrlParams } from '../../../lib/use-list-params';
import { PersonalInfoTab } from '../components/PersonalInfoTab';
import { SecurityTab } from '../components/SecurityTab';

type SettingTab = 'personal' | 'security' | 'notifications' | 'api-keys' | 'packing';

// Its own chunk; most users never open it.
const ApiKeysTab = lazy(() => import('../components/ApiKeysTab').then((module) => ({ default: module.ApiKeysTab })));
const PackingTab = lazy(() => import('../components/PackingTab').then((module) => ({ default: module.PackingTab })));
const NotificationsTab = lazy(() =>
  import('../components/NotificationsTab').then((module) => ({ default: module.NotificationsTab })),
);

/** /setting: the signed-in user's own profile, password, notification settings and API keys. The tab is in the URL (?tab=security). */
export function SettingPage() {
  const { user } = useSession();
  const { params, update } = useUrlParams();
  const mustChange = user?.must_change_password === true;
  const showsKeys = hasPermission(user, 'view api keys');
  // Installation-wide numbering: only staff over every warehouse who set up packing change it.
  const showsPacking = hasPermission(user, 'manage packing stations') && userAllows(user, 'seeEverything');
  const asked = params.get('tab');
  const tab: SettingTab =
    mustChange || asked === 'security'
      ? 'security'
      : asked === 'api-keys' && showsKeys
        ? 'api-keys'
        : asked === 'packing' && showsPacking
          ? 'packing'
          : asked === 'notifications'
            ? 'notifications'
            : 'personal';
  if (!user) return null;

  return (
    <>
      <PageHeader title="Account Setting" subtitle="Your profile, sign-in security, notifications and API keys" />
      <Card sx={{ maxWidth: 880 }}>
        <Tabs
          value={tab}
          onChange={(_event, next: SettingTab) => update({ tab: next === 'personal' ? null : next })}
          // Four tabs do not fit a phone's width: they scroll sideways there.
          variant="scrollable"
          scrollButtons="auto"
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
          <Tab
            value="notifications"
            label="Notifications"
            icon={<NotificationsIcon />}
            iconPosition="start"
            disabled={mustChange}
          />
          {showsKeys && (
            <Tab value="api-keys" label="API keys" icon={<KeyIcon />} iconPosition="start" disabled={mustChange} />
          )}
          {showsPacking && (
            <Tab value="packing" label="Packing" icon={<Inventory2Icon />} iconPosition="start" disabled={mustChange} />
          )}
        </Tabs>
        {tab === 'personal' && <PersonalInfoTab key={user.id} user={user} />}
        {tab === 'security' && <SecurityTab user={user} />}
        {tab === 'notifications' && (
          <Suspense fallback={<LoadingState label="Loading notification settings…" />}>
            <NotificationsTab />
          </Suspense>
        )}
        {tab === 'packing' && (
          <Suspense fallback={<LoadingState label="Loading packing settings…" />}>
            <PackingTab />
          </Suspense>
        )}
        {tab === 'api-keys' && (
          <Suspense fallback={<LoadingState label="Loading API keys…" />}>
            <ApiKeysTab user={user} />
          </Suspense>
        )}
      </Card>
    </>
  );
}
