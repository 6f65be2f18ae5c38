import { ErrorState, PageHeader } from 'account-ui';
import { useQuery } from '@tanstack/react-query';
import type { OwnProfile } from 'contracts';
import { ApiError, PageNotFound } from 'platform';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router-dom';
import { ownProfileQueryOptions } from '../../../api/own-profiles';
import { emptyValues, sameValues, valuesFromDraft } from '../model/form-values';
import { clearLocalDraft, isLocalNewer, readLocalDraft } from '../model/local-draft';
import { type EditorStart, EditorForm } from './editor-form';
import { EditorSkeleton } from './editor-skeleton';
import { ProfileStatusBanner } from './profile-status-banner';

function parseId(raw: string | undefined): number | null | undefined {
  if (raw === undefined) return null;
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

/** Where the form starts: the server's version, or this device's unsaved copy when that is newer. */
function startOf(profile: OwnProfile | null): EditorStart {
  const server = profile ? valuesFromDraft(profile.draft) : emptyValues();
  const local = readLocalDraft(profile?.id ?? null);
  if (!local) return { values: server, restored: false };
  const values = { ...emptyValues(), ...local.values };
  if (!sameValues(values, server) && isLocalNewer(local, profile?.updatedAt ?? null)) {
    return { values, restored: true };
  }
  clearLocalDraft(profile?.id ?? null);
  return { values: server, restored: false };
}

/**
 * /profile/create and /profile/edit/:id. A profile created here keeps the same form on screen
 * while the address becomes its edit address, so nothing she is typing is interrupted.
 */
export default function EditorPage() {
  const { id: rawId } = useParams();
  const routeId = parseId(rawId);
  const location = useLocation();
  // The profile created on this screen and the visit of the create address it was created on:
  // that form stays on screen at the new address. Each new visit of /profile/create starts empty.
  const [created, setCreated] = useState<{ id: number; visit: string } | null>(null);
  if (routeId === undefined) return <PageNotFound />;
  const key =
    routeId === null
      ? `new-${location.key}`
      : routeId === created?.id
        ? `new-${created.visit}`
        : `edit-${routeId}`;
  return (
    <EditorScreen
      key={key}
      profileId={routeId ?? (created?.visit === location.key ? created.id : null)}
      onCreated={(id) => setCreated({ id, visit: location.key })}
    />
  );
}

function EditorScreen({
  profileId,
  onCreated,
}: {
  profileId: number | null;
  onCreated: (id: number) => void;
}) {
  const { t } = useTranslation('modelCabinet');
  const query = useQuery({ ...ownProfileQueryOptions(profileId ?? 0), enabled: profileId !== null });
  const profile = profileId === null ? null : (query.data ?? null);
  const [start, setStart] = useState<EditorStart | null>(() => (profileId === null ? startOf(null) : null));
  if (start === null && profile) setStart(startOf(profile));

  const title = profile ? t('editor.editTitle') : t('editor.createTitle');
  if (profileId !== null && !profile) {
    if (query.isError) {
      const notFound =
        query.error instanceof ApiError &&
        (query.error.code === 'MODEL_NOT_FOUND' || query.error.code === 'NOT_FOUND');
      return (
        <>
          <PageHeader title={t('editor.editTitle')} />
          <ErrorState
            message={notFound ? t('editor.errors.notFound') : t('errors.loadProfile')}
            onRetry={() => void query.refetch()}
          />
        </>
      );
    }
    return <EditorSkeleton title={t('editor.editTitle')} />;
  }
  return (
    <>
      <PageHeader title={title} />
      {profile && <ProfileStatusBanner profile={profile} />}
      {start && <EditorForm profile={profile} start={start} onCreated={onCreated} />}
    </>
  );
}
