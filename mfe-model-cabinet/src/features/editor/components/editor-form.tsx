import { notify, topUpAtom, useBalance } from 'account-ui';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { useQueryClient } from '@tanstack/react-query';
import { type ErrorCode, modelProfileInputSchema, type OwnProfile } from 'contracts';
import { useSetAtom } from 'jotai';
import { ApiError } from 'platform';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { FormProvider, type Path, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ownProfileKeys } from '../../../api/own-profiles';
import { useCreateProfile } from '../api/create-profile';
import { useSaveProfile } from '../api/save-profile';
import { useSubmitProfile } from '../api/submit-profile';
import { canCreate, draftBody, type EditorValues, isFormPath, valuesFromDraft } from '../model/form-values';
import { clearLocalDraft, writeLocalDraft } from '../model/local-draft';
import { useDraftSaver } from '../model/use-draft-saver';
import { ContactsSection } from './contacts-section';
import styles from './editor-form.module.css';
import { FormSection } from './fields';
import { LocationSection } from './location-section';
import { MainSection } from './main-section';
import { MediaSkeleton } from './media-skeleton';
import { PricesSection } from './prices-section';
import { SaveStatus } from './save-status';
import { SendPanel } from './send-panel';
import { ServicesSection } from './services-section';

// The media editor (drag and drop, uploads) is its own chunk: it loads with this screen only.
const MediaEditor = lazy(() => import('./media-editor'));

const SUBMIT_ERRORS: Partial<Record<ErrorCode, string>> = {
  UPDATE_REQUIRED: 'editor.errors.changeRequired',
  PROFILE_INCOMPLETE: 'editor.errors.incomplete',
  INSUFFICIENT_BALANCE: 'editor.errors.insufficientBalance',
  TRANSITION_NOT_ALLOWED: 'editor.errors.notAllowed',
};

export interface EditorStart {
  values: EditorValues;
  restored: boolean;
}

interface EditorFormProps {
  /** null until the profile exists (the create screen). */
  profile: OwnProfile | null;
  start: EditorStart;
  onCreated: (id: number) => void;
}

// The resolver reads the inputs' text; the API normalises it with the same schema.
const resolver = valibotResolver(modelProfileInputSchema) as unknown as Resolver<EditorValues>;

export function EditorForm({ profile, start, onCreated }: EditorFormProps) {
  const { t } = useTranslation('modelCabinet');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const balance = useBalance();
  const openTopUp = useSetAtom(topUpAtom);
  const form = useForm<EditorValues>({ resolver, mode: 'onTouched', defaultValues: start.values });
  const { setError, handleSubmit, subscribe } = form;
  const create = useCreateProfile();
  const save = useSaveProfile();
  const submit = useSubmitProfile();

  const profileId = useRef<number | null>(profile?.id ?? null);
  const accepted = useRef<Record<string, unknown>>(profile?.draft ?? {});
  const base = useRef<string | null>(profile?.updatedAt ?? null);
  const [heldBack, setHeldBack] = useState<string[]>([]);
  const [restored, setRestored] = useState(start.restored);
  const [problem, setProblem] = useState<string | null>(null);
  const [mediaError, setMediaError] = useState<string | null>(null);

  const showServerFields = (error: unknown) => {
    if (!(error instanceof ApiError)) return 0;
    const fields = Object.entries(error.fields);
    for (const [path, message] of fields) {
      if (path === 'media') setMediaError(message);
      else if (isFormPath(path)) setError(path as Path<EditorValues>, { type: 'server', message });
    }
    return fields.length;
  };

  const persist = async (values: EditorValues): Promise<boolean> => {
    const { body, heldBack: held } = draftBody(values, accepted.current);
    setHeldBack(held);
    const id = profileId.current;
    try {
      if (id === null) {
        if (!canCreate(values)) return false;
        const created = await create.mutateAsync(body);
        profileId.current = created.id;
        accepted.current = created.draft;
        base.current = created.updatedAt;
        // The copy on this device moves with the profile: a reload of the new address finds it.
        writeLocalDraft(created.id, {
          values: form.getValues(),
          changedAt: Date.now(),
          base: created.updatedAt,
        });
        clearLocalDraft(null);
        onCreated(created.id);
        navigate(`/profile/edit/${created.id}`, { replace: true });
        return true;
      }
      const saved = await save.mutateAsync({ id, draft: body });
      accepted.current = saved.draft;
      base.current = saved.updatedAt;
      return true;
    } catch (error) {
      showServerFields(error);
      throw error;
    }
  };

  const saver = useDraftSaver<EditorValues>({
    initial: profile ? { kind: 'saved', at: Date.parse(profile.updatedAt) } : { kind: 'idle' },
    savedKey: JSON.stringify(profile ? valuesFromDraft(profile.draft) : start.values),
    keyOf: (values) => JSON.stringify(values),
    persist,
    onSettled: (values) => {
      const id = profileId.current;
      if (draftBody(values, accepted.current).heldBack.length === 0) clearLocalDraft(id);
      else writeLocalDraft(id, { values, changedAt: Date.now(), base: base.current });
    },
  });

  // Every change: kept on this device at once, sent to the server once she pauses.
  const { schedule } = saver;
  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ values }) => {
          const copy = structuredClone(values) as EditorValues;
          writeLocalDraft(profileId.current, { values: copy, changedAt: Date.now(), base: base.current });
          schedule(copy);
        },
      }),
    [subscribe, schedule],
  );
  // Restored values are not on the server yet.
  useEffect(() => {
    if (start.restored) schedule(start.values);
  }, [start, schedule]);

  const discardRestored = () => {
    if (!profile) return;
    const server = valuesFromDraft(profile.draft);
    form.reset(server);
    clearLocalDraft(profile.id);
    setRestored(false);
  };

  const sendNow = async () => {
    if (!profile) return;
    try {
      await submit.mutateAsync(profile.id);
      clearLocalDraft(profile.id);
      notify('success', t('editor.sent'));
      navigate('/profile');
    } catch (error) {
      const code = error instanceof ApiError ? error.code : undefined;
      if (code === 'PROFILE_INCOMPLETE') showServerFields(error);
      if (code === 'INSUFFICIENT_BALANCE') {
        openTopUp({ shortBy: Math.max(1, Math.ceil(profile.monthPrice - (balance ?? 0))) });
      }
      const key = (code && SUBMIT_ERRORS[code]) ?? 'editor.errors.sendFailed';
      setProblem(key);
      notify('error', t(key));
      // The server's view (complete, changed, actions) may differ from what the screen shows.
      void queryClient.invalidateQueries({ queryKey: ownProfileKeys.detail(profile.id) });
    }
  };

  const onSend = handleSubmit(
    async () => {
      setProblem(null);
      if (!profile || profile.media.length === 0) {
        setMediaError('validation.mediaRequired');
        setProblem('editor.errors.incomplete');
        document.getElementById('editor-media-title')?.scrollIntoView({ block: 'center' });
        return;
      }
      setMediaError(null);
      if (!(await saver.flush())) {
        setProblem('editor.errors.saveFirst');
        return;
      }
      await sendNow();
    },
    () => setProblem('editor.errors.incomplete'),
  );

  const editable = !profile || profile.actions.includes('save');
  const media = profile?.media ?? [];
  useEffect(() => {
    if (media.length > 0) setMediaError(null);
  }, [media.length]);
  // Server errors on fields clear as soon as the field changes (the resolver takes over).
  useEffect(() => subscribe({ formState: { values: true }, callback: () => setProblem(null) }), [subscribe]);

  return (
    <FormProvider {...form}>
      <div className={styles.statusBar}>
        <SaveStatus state={saver.state} creating={!profile} heldBack={heldBack.length > 0} />
        {restored && (
          <p role="status" className={styles.restored}>
            <span>{t('editor.restored')}</span>
            {profile && (
              <button type="button" className={styles.linkButton} onClick={discardRestored}>
                {t('editor.discardRestored')}
              </button>
            )}
          </p>
        )}
      </div>
      <form className={styles.form} onSubmit={onSend} noValidate aria-label={t('editor.formLabel')}>
        <fieldset disabled={!editable} className={styles.fieldset}>
          <MainSection />
          <ServicesSection />
          <LocationSection />
          <ContactsSection />
          <FormSection id="editor-media" title={t('editor.sections.media')}>
            {profile ? (
              <Suspense fallback={<MediaSkeleton />}>
                <MediaEditor profileId={profile.id} media={media} editable={editable} />
              </Suspense>
            ) : (
              <p className={styles.note}>{t('editor.mediaAfterCreate')}</p>
            )}
            {mediaError && (
              <p role="alert" className={styles.error}>
                {t(mediaError, { ns: 'platform' })}
              </p>
            )}
          </FormSection>
          <PricesSection />
        </fieldset>
        <SendPanel profile={profile} sending={submit.isPending} problem={problem ? t(problem) : null} />
      </form>
    </FormProvider>
  );
}
