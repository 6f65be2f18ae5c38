import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { OwnMedia } from 'contracts';
import { useTranslation } from 'react-i18next';
import { Button } from 'shared-ui';
import styles from './media-editor.module.css';

interface MediaTileProps {
  item: OwnMedia;
  label: string;
  isMain: boolean;
  isFirst: boolean;
  isLast: boolean;
  editable: boolean;
  onMove: (step: number) => void;
  onMakeMain: () => void;
  onDelete: () => void;
}

/** One file: its preview, a drag handle, and buttons that do the same from the keyboard. */
export function MediaTile({
  item,
  label,
  isMain,
  isFirst,
  isLast,
  editable,
  onMove,
  onMakeMain,
  onDelete,
}: MediaTileProps) {
  const { t } = useTranslation('modelCabinet');
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({
      id: item.id,
      disabled: !editable,
    });
  const smallest = [...item.variants].sort((a, b) => a.width - b.width)[0];
  return (
    <li
      ref={setNodeRef}
      className={styles.tile}
      data-dragging={isDragging ? '' : undefined}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      aria-label={label}
    >
      <div className={styles.preview}>
        {item.kind === 'photo' ? (
          <img
            src={smallest?.url ?? item.url}
            alt={label}
            width={smallest?.width ?? item.width ?? undefined}
            height={smallest?.height ?? item.height ?? undefined}
            loading="lazy"
          />
        ) : (
          <video src={item.url} preload="metadata" muted playsInline aria-label={label} />
        )}
        {isMain && <span className={styles.mainBadge}>{t('media.main')}</span>}
        {!item.approved && <span className={styles.reviewBadge}>{t('media.notApproved')}</span>}
      </div>
      {editable && (
        <div className={styles.tools}>
          <button
            type="button"
            ref={setActivatorNodeRef}
            className={styles.handle}
            aria-label={t('media.drag', { item: label })}
            {...attributes}
            {...listeners}
          >
            ⠿
          </button>
          <Button
            size="sm"
            variant="ghost"
            aria-label={t('media.moveEarlier', { item: label })}
            disabled={isFirst}
            onClick={() => onMove(-1)}
          >
            ←
          </Button>
          <Button
            size="sm"
            variant="ghost"
            aria-label={t('media.moveLater', { item: label })}
            disabled={isLast}
            onClick={() => onMove(1)}
          >
            →
          </Button>
          {item.kind === 'photo' && !isMain && (
            <Button
              size="sm"
              variant="secondary"
              fullWidth
              onClick={onMakeMain}
              aria-label={t('media.makeMainOf', { item: label })}
            >
              {t('media.makeMain')}
            </Button>
          )}
          <Button
            size="sm"
            variant="danger"
            fullWidth
            onClick={onDelete}
            aria-label={t('media.deleteOf', { item: label })}
          >
            {t('media.delete')}
          </Button>
        </div>
      )}
    </li>
  );
}
