import { notify } from 'account-ui';
import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
} from '@dnd-kit/sortable';
import { MEDIA, type MediaKind, type OwnMedia, remainingMediaSlots } from 'contracts';
import { type DragEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'shared-ui';
import { ConfirmDialog } from 'shared-ui/dialog';
import { useDeleteMedia } from '../api/delete-media';
import { useReorderMedia } from '../api/reorder-media';
import { ACCEPTED_TYPES, checkFile, mainPhotoId, moveBy } from '../model/media-check';
import { useUploads } from '../model/use-uploads';
import styles from './media-editor.module.css';
import { MediaTile } from './media-tile';

interface MediaEditorProps {
  profileId: number;
  media: OwnMedia[];
  editable: boolean;
}

interface Refusal {
  name: string;
  message: string;
}

/**
 * Photos and the video of a profile: drop or pick files (each its own upload, with progress and
 * cancel), order them by dragging or with the buttons (the first photo is the main one), delete
 * with a confirmation. Loaded as its own chunk with the editor.
 */
export default function MediaEditor({ profileId, media, editable }: MediaEditorProps) {
  const { t } = useTranslation('modelCabinet');
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [refusals, setRefusals] = useState<Refusal[]>([]);
  const [dragOver, setDragOver] = useState(false);
  const [order, setOrder] = useState<number[] | null>(null);
  const [deleting, setDeleting] = useState<OwnMedia | null>(null);
  const reorder = useReorderMedia(profileId);
  const remove = useDeleteMedia(profileId);
  const message = (key: string) => (key.startsWith('validation.') ? t(key, { ns: 'platform' }) : t(key));
  const uploads = useUploads(profileId, (kind: MediaKind, ok, key) => {
    if (ok) notify('success', t(kind === 'video' ? 'media.videoUploaded' : 'media.photoUploaded'));
    else if (key) notify('error', message(key));
  });

  // The server's order, unless a reorder she just made is still on its way.
  const serverOrder = media.map((item) => item.id).join();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new order from the server replaces hers
  useEffect(() => {
    if (!reorder.isPending) setOrder(null);
  }, [serverOrder, reorder.isPending]);
  const byId = new Map(media.map((item) => [item.id, item]));
  const items = (order ?? media.map((item) => item.id)).flatMap((id) => byId.get(id) ?? []);
  const ids = items.map((item) => item.id);
  const mainId = mainPhotoId(items);
  const uploading = uploads.rows.filter((row) => row.status === 'uploading');
  const slots = remainingMediaSlots([...media, ...uploading]);

  const labelOf = (item: OwnMedia) => {
    const sameKind = items.filter((other) => other.kind === item.kind);
    return item.kind === 'video'
      ? t('media.videoLabel')
      : t('media.photoLabel', { number: sameKind.indexOf(item) + 1 });
  };

  const addFiles = (files: readonly File[]) => {
    const taken: { kind: MediaKind }[] = [...media, ...uploading];
    const refused: Refusal[] = [];
    for (const file of files) {
      const check = checkFile(file, taken);
      if (!check.ok) {
        refused.push({ name: file.name, message: check.message });
        continue;
      }
      taken.push({ kind: check.kind });
      uploads.start(file, check.kind);
    }
    setRefusals(refused);
  };

  const commitOrder = (next: number[]) => {
    if (next.join() === ids.join()) return;
    setOrder(next);
    reorder.mutate(next, {
      onError: () => {
        setOrder(null);
        notify('error', t('media.errors.reorder'));
      },
    });
  };

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    commitOrder(arrayMove(ids, ids.indexOf(Number(active.id)), ids.indexOf(Number(over.id))));
  };
  const nameOf = (id: string | number) => {
    const item = byId.get(Number(id));
    return item ? labelOf(item) : '';
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragOver(false);
    if (editable) addFiles([...event.dataTransfer.files]);
  };

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        notify('success', t('media.deleted'));
        setDeleting(null);
      },
      onError: () => notify('error', t('media.errors.delete')),
    });
  };

  return (
    <div className={styles.editor}>
      {editable && (
        // A drop target for files dragged from the desktop; the button inside does the same from the keyboard.
        // biome-ignore lint/a11y/noStaticElementInteractions: see above
        <div
          className={styles.dropZone}
          data-over={dragOver ? '' : undefined}
          onDragOver={(event) => {
            event.preventDefault();
            setDragOver(true);
          }}
          onDragLeave={() => setDragOver(false)}
          onDrop={onDrop}
        >
          <p className={styles.dropText}>{t('media.dropHere')}</p>
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            accept={ACCEPTED_TYPES}
            multiple
            className={styles.fileInput}
            tabIndex={-1}
            aria-label={t('media.pick')}
            onChange={(event) => {
              addFiles([...(event.target.files ?? [])]);
              event.target.value = '';
            }}
          />
          <Button
            variant="secondary"
            onClick={() => inputRef.current?.click()}
            disabled={slots.photo + slots.video === 0}
          >
            {t('media.pick')}
          </Button>
          <p className={styles.rules}>
            {t('media.rules', { photos: MEDIA.maxPhotos, left: slots.photo, videoLeft: slots.video })}
          </p>
        </div>
      )}

      {refusals.length > 0 && (
        <ul role="alert" className={styles.refusals}>
          {refusals.map((refusal) => (
            <li key={refusal.name}>
              <strong>{refusal.name}</strong>: {message(refusal.message)}
            </li>
          ))}
        </ul>
      )}

      {uploads.rows.length > 0 && (
        <ul className={styles.uploads} aria-label={t('media.uploads')}>
          {uploads.rows.map((row) => {
            const percent = Math.round(row.progress * 100);
            return (
              <li
                key={row.key}
                className={styles.upload}
                data-failed={row.status === 'failed' ? '' : undefined}
              >
                <span className={styles.uploadName}>{row.name}</span>
                {row.status === 'uploading' ? (
                  <>
                    <progress
                      className={styles.progress}
                      max={100}
                      value={percent}
                      aria-label={t('media.progress', { name: row.name })}
                    />
                    <span className={styles.percent}>{percent}%</span>
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => uploads.cancel(row.key)}
                      aria-label={t('media.cancelOf', { name: row.name })}
                    >
                      {t('media.cancel')}
                    </Button>
                  </>
                ) : (
                  <>
                    <span role="alert" className={styles.uploadError}>
                      {row.message ? message(row.message) : ''}
                    </span>
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => uploads.dismiss(row.key)}
                      aria-label={t('media.dismissOf', { name: row.name })}
                    >
                      {t('media.dismiss')}
                    </Button>
                  </>
                )}
              </li>
            );
          })}
        </ul>
      )}

      {items.length === 0 ? (
        <p className={styles.empty}>{t('media.empty')}</p>
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{
            screenReaderInstructions: { draggable: t('media.dragInstructions') },
            announcements: {
              onDragStart: ({ active }) => t('media.announce.start', { item: nameOf(active.id) }),
              onDragOver: ({ active, over }) =>
                over
                  ? t('media.announce.over', {
                      item: nameOf(active.id),
                      place: ids.indexOf(Number(over.id)) + 1,
                    })
                  : undefined,
              onDragEnd: ({ active, over }) =>
                over
                  ? t('media.announce.end', {
                      item: nameOf(active.id),
                      place: ids.indexOf(Number(over.id)) + 1,
                    })
                  : undefined,
              onDragCancel: ({ active }) => t('media.announce.cancel', { item: nameOf(active.id) }),
            },
          }}
        >
          <SortableContext items={ids} strategy={rectSortingStrategy}>
            <ul className={styles.grid} aria-label={t('media.listLabel')}>
              {items.map((item, index) => (
                <MediaTile
                  key={item.id}
                  item={item}
                  label={labelOf(item)}
                  isMain={item.id === mainId}
                  isFirst={index === 0}
                  isLast={index === items.length - 1}
                  editable={editable}
                  onMove={(step) => commitOrder(moveBy(ids, item.id, step))}
                  onMakeMain={() => commitOrder([item.id, ...ids.filter((id) => id !== item.id)])}
                  onDelete={() => setDeleting(item)}
                />
              ))}
            </ul>
          </SortableContext>
        </DndContext>
      )}

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={t('media.confirmDelete.title')}
        description={deleting ? t('media.confirmDelete.description', { item: labelOf(deleting) }) : ''}
        confirmLabel={t('media.delete')}
        cancelLabel={t('common.cancel')}
        tone="danger"
        loading={remove.isPending}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
