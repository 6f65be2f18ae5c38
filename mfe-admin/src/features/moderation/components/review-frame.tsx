import { PageHeader } from 'account-ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from 'shared-ui';
import type { ModerationKind } from '../../../api/review-keys';
import type { useReviewFlow } from '../model/use-review-flow';
import { ClaimBanner } from './claim-banner';
import { RejectDialog } from './reject-dialog';
import { ShortcutsDialog } from './shortcuts-dialog';
import styles from './review.module.css';

/**
 * A review view's frame: its heading, who holds the item, the decision bar with its keys shown,
 * the dialogs, and the item itself below.
 */
export function ReviewFrame({
  kind,
  title,
  name,
  waiting,
  flow,
  meta,
  children,
}: {
  kind: ModerationKind;
  title: string;
  name: string;
  waiting: boolean;
  flow: ReturnType<typeof useReviewFlow>;
  meta: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('admin');
  return (
    <div className={styles.page}>
      <Link to={flow.queuePath} className={styles.back}>
        ← {t('review.back')}
      </Link>
      <PageHeader title={title} />
      <div className={styles.meta}>{meta}</div>
      {waiting ? (
        <ClaimBanner state={flow.claim.state} onRetry={() => void flow.claim.retry()} />
      ) : (
        <p className={styles.notWaiting} role="status">
          {t('review.notWaiting')}
        </p>
      )}
      <section className={styles.actions} aria-label={t('review.actions.label')}>
        <Button
          onClick={flow.approve}
          disabled={!flow.canDecide}
          loading={flow.deciding && flow.dialog === null}
          aria-keyshortcuts="A"
        >
          {t('review.actions.approve')}{' '}
          <span aria-hidden="true">
            <kbd>A</kbd>
          </span>
        </Button>
        <Button
          variant="danger"
          onClick={() => flow.setDialog('reject')}
          disabled={!flow.canDecide}
          aria-keyshortcuts="R"
        >
          {t('review.actions.reject')}{' '}
          <span aria-hidden="true">
            <kbd>R</kbd>
          </span>
        </Button>
        <Button variant="secondary" onClick={flow.skip} loading={flow.moving} aria-keyshortcuts="N J">
          {t('review.actions.next')}{' '}
          <span aria-hidden="true">
            <kbd>N</kbd>
          </span>
        </Button>
        <Button
          variant="ghost"
          onClick={() => flow.setDialog('shortcuts')}
          aria-keyshortcuts="Shift+?"
          className={styles.shortcutsButton}
        >
          {t('review.actions.shortcuts')}{' '}
          <span aria-hidden="true">
            <kbd>?</kbd>
          </span>
        </Button>
      </section>
      {children}
      {flow.dialog === 'reject' && (
        <RejectDialog
          kind={kind}
          name={name}
          loading={flow.deciding}
          onReject={flow.reject}
          onClose={() => flow.setDialog(null)}
        />
      )}
      {flow.dialog === 'shortcuts' && <ShortcutsDialog onClose={() => flow.setDialog(null)} />}
    </div>
  );
}
