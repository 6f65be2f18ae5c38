import { CHAT_LINE_MAX_LENGTH, type ChatLine } from 'contracts/streams';
import type { UseStreamSocket } from 'platform/streams';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card, Input, ScrollRegion } from 'shared-ui';
import styles from './live-page.module.css';

interface Props {
  socket: UseStreamSocket;
  chatEnabled: boolean;
}

/** The chat beside her picture: her lines marked, any other line removable, its author mutable. */
export function StudioChat({ socket, chatEnabled }: Props) {
  const { t } = useTranslation('modelCabinet');
  const [text, setText] = useState('');
  const [muted, setMuted] = useState<string[]>([]);
  const titleId = useId();
  const errorId = useId();
  // A refusal the server said (a line too fast, too long): shown until her next line.
  const [refusal, setRefusal] = useState<string | null>(null);
  useEffect(() => {
    if (socket.error) setRefusal(t(`live.chat.errors.${socket.error.code}`));
  }, [socket.error, t]);

  function send(event: React.FormEvent) {
    event.preventDefault();
    const line = text.trim();
    if (line === '' || !socket.send({ type: 'chat', text: line })) return;
    setRefusal(null);
    setText('');
  }

  function mute(line: ChatLine) {
    if (socket.send({ type: 'mute', nickname: line.nickname })) setMuted((list) => [...list, line.nickname]);
  }

  return (
    <Card as="section" className={styles.chat} aria-labelledby={titleId} data-testid="studio-chat">
      <h2 id={titleId} className={styles.panelTitle}>
        {t('live.chat.title')}
      </h2>
      {!chatEnabled && <p className={styles.hint}>{t('live.chat.off')}</p>}
      <ScrollRegion as="ol" className={styles.lines} aria-live="polite" label={t('live.chat.lines')}>
        {socket.chat.length === 0 && <li className={styles.hint}>{t('live.chat.empty')}</li>}
        {socket.chat.map((line) => (
          <li key={line.id} className={line.fromModel ? styles.ownLine : styles.line} data-testid="chat-line">
            <span className={styles.nickname}>
              {line.fromModel ? t('live.chat.you', { name: line.nickname }) : line.nickname}
            </span>{' '}
            {/* Text only: a link in a line is never made clickable. */}
            <span className={styles.lineText}>{line.text}</span>
            {!line.fromModel && (
              <span className={styles.lineActions}>
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => socket.send({ type: 'remove', lineId: line.id })}
                  aria-label={t('live.chat.removeLabel', { name: line.nickname })}
                >
                  {t('live.chat.remove')}
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={muted.includes(line.nickname)}
                  onClick={() => mute(line)}
                  aria-label={t('live.chat.muteLabel', { name: line.nickname })}
                >
                  {muted.includes(line.nickname) ? t('live.chat.muted') : t('live.chat.mute')}
                </Button>
              </span>
            )}
          </li>
        ))}
      </ScrollRegion>
      <form className={styles.chatForm} onSubmit={send}>
        <Input
          label={t('live.chat.message')}
          hideLabel
          value={text}
          maxLength={CHAT_LINE_MAX_LENGTH}
          disabled={!chatEnabled}
          onChange={(event) => setText(event.target.value)}
          hint={t('live.chat.counter', { count: text.length, max: CHAT_LINE_MAX_LENGTH })}
          aria-describedby={refusal ? errorId : undefined}
        />
        <Button type="submit" disabled={!chatEnabled || text.trim() === ''}>
          {t('live.chat.send')}
        </Button>
      </form>
      {refusal && (
        <p id={errorId} role="alert" className={styles.error}>
          {refusal}
        </p>
      )}
    </Card>
  );
}
