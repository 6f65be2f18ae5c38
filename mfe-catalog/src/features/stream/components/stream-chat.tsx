import {
  CHAT_LINE_MAX_LENGTH,
  chatText,
  NICKNAME_MAX_LENGTH,
  NICKNAME_MIN_LENGTH,
  nickname as nicknameSchema,
} from 'contracts/streams';
import { validate } from 'contracts';
import type { UseStreamSocket } from 'platform/streams';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Input, ScrollRegion } from 'shared-ui';
import styles from './stream-page.module.css';

/** The chat as a visitor has it: anyone reads; writing needs a nickname, asked once per session. */
export function StreamChat({ socket }: { socket: UseStreamSocket }) {
  const { t } = useTranslation('catalog');
  const titleId = useId();
  const errorId = useId();
  const [text, setText] = useState('');
  const [name, setName] = useState('');
  const [asking, setAsking] = useState(false);
  const [localError, setLocalError] = useState<string | null>(null);
  const chatEnabled = socket.state?.chatEnabled ?? false;
  const open = socket.connection === 'open';
  const serverError = socket.error;

  // A refusal said by the server is shown once per refusal; a new line clears it.
  const [shownError, setShownError] = useState<string | null>(null);
  useEffect(() => {
    if (!serverError) return;
    setShownError(t(`stream.errors.${serverError.code}`));
    if (serverError.code === 'NICKNAME_REQUIRED') setAsking(true);
  }, [serverError, t]);
  // Once the server took a nickname, the question is over.
  useEffect(() => {
    if (socket.nickname) setAsking(false);
  }, [socket.nickname]);

  function sendLine(event: React.FormEvent) {
    event.preventDefault();
    setShownError(null);
    setLocalError(null);
    if (!validate(chatText, text).ok) return;
    if (!socket.nickname) {
      setAsking(true);
      return;
    }
    if (socket.send({ type: 'chat', text: text.trim() })) setText('');
  }

  function sendNickname(event: React.FormEvent) {
    event.preventDefault();
    setShownError(null);
    if (!validate(nicknameSchema, name).ok) {
      setLocalError(t('stream.errors.NICKNAME_INVALID'));
      return;
    }
    setLocalError(null);
    socket.send({ type: 'nickname', name: name.trim() });
  }

  const error = localError ?? shownError;
  return (
    <section className={styles.chat} aria-labelledby={titleId} data-testid="stream-chat">
      <h2 id={titleId} className={styles.chatTitle}>
        {t('stream.chat.title')}
      </h2>
      <ScrollRegion as="ol" className={styles.lines} aria-live="polite" label={t('stream.chat.lines')}>
        {socket.chat.length === 0 && <li className={styles.muted}>{t('stream.chat.empty')}</li>}
        {socket.chat.map((line) => (
          <li
            key={line.id}
            className={line.fromModel ? styles.modelLine : styles.line}
            data-testid="stream-chat-line"
          >
            <span className={styles.nickname}>
              {line.nickname}
              {line.fromModel && <span className={styles.modelMark}> · {t('stream.chat.model')}</span>}
            </span>{' '}
            {/* Text only: links in a line are never made clickable. */}
            <span>{line.text}</span>
          </li>
        ))}
      </ScrollRegion>
      {!chatEnabled ? (
        <p className={styles.muted}>{t('stream.chat.off')}</p>
      ) : asking && !socket.nickname ? (
        <form className={styles.chatForm} onSubmit={sendNickname} aria-label={t('stream.chat.nicknameForm')}>
          <Input
            label={t('stream.chat.nickname')}
            hint={t('stream.chat.nicknameHint', { min: NICKNAME_MIN_LENGTH, max: NICKNAME_MAX_LENGTH })}
            value={name}
            maxLength={NICKNAME_MAX_LENGTH}
            autoComplete="nickname"
            onChange={(event) => setName(event.target.value)}
            error={error ?? undefined}
          />
          <Button type="submit" disabled={!open}>
            {t('stream.chat.nicknameSave')}
          </Button>
        </form>
      ) : (
        <form className={styles.chatForm} onSubmit={sendLine}>
          <Input
            label={
              socket.nickname
                ? t('stream.chat.messageAs', { name: socket.nickname })
                : t('stream.chat.message')
            }
            value={text}
            maxLength={CHAT_LINE_MAX_LENGTH}
            onChange={(event) => setText(event.target.value)}
            hint={t('stream.chat.counter', { count: text.length, max: CHAT_LINE_MAX_LENGTH })}
            aria-describedby={error ? errorId : undefined}
          />
          <Button type="submit" disabled={!open || text.trim() === ''}>
            {t('stream.chat.send')}
          </Button>
          {error && (
            <p id={errorId} role="alert" className={styles.error}>
              {error}
            </p>
          )}
        </form>
      )}
    </section>
  );
}
