import { CloseOutlined, PlusOutlined } from '@ant-design/icons';
import { AVATAR_ACCEPT, checkAvatarFile } from '@anxin/shared/profile/profile.schemas';
import { Spin, Upload } from 'antd';
import { useRef, useState } from 'react';
import { useFeedback } from '../../../app/feedback.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
// The site's one upload call (POST /v2/upload), as the avatar and the prescription photos use it.
import { type UploadModule, useUploadAvatar } from '../../profile/index.ts';

type AftersalePhotosProps = {
  value?: string[];
  onChange?: (urls: string[]) => void;
  id?: string;
  /** How many photos a request may carry. */
  limit: number;
  /** Where the server keeps them (the contract names it). */
  module: UploadModule;
};

/**
 * The photos of an after-sales request: each picked file checked here (jpg or png, at most 2 MB) and by the
 * server, uploaded at once, shown with a button that removes it; a pick larger than the room left keeps the
 * first ones and says so.
 */
export function AftersalePhotos({ value = [], onChange, id, limit, module }: AftersalePhotosProps) {
  const { message } = useFeedback();
  const upload = useUploadAvatar();
  const [pending, setPending] = useState(0);
  /** The list as it is now, also between the uploads of one pick. */
  const current = useRef(value);
  current.current = value;

  const handlePick = async (files: File[]) => {
    const room = limit - current.current.length;
    if (files.length > room) message.warning(`最多上传${limit}张照片`);
    for (const file of files.slice(0, Math.max(0, room))) {
      const problem = checkAvatarFile(file);
      if (problem) {
        message.error(problem);
        continue;
      }
      setPending((count) => count + 1);
      try {
        const { url } = await upload.mutateAsync({ file, module });
        const next = [...current.current, url].slice(0, limit);
        current.current = next;
        onChange?.(next);
      } catch (error) {
        message.error(getErrorMessage(error, '照片上传失败'));
      } finally {
        setPending((count) => count - 1);
      }
    }
  };

  const remove = (url: string) => onChange?.(value.filter((item) => item !== url));
  const isFull = value.length + pending >= limit;

  return (
    <div className="aftersale-photos" id={id} data-testid="aftersale-photos">
      <ul className="aftersale-photos__list">
        {value.map((url, index) => (
          <li key={url} className="aftersale-photos__item">
            <img src={url} alt={`售后照片${index + 1}`} />
            <button
              type="button"
              className="aftersale-photos__remove"
              aria-label={`删除售后照片${index + 1}`}
              onClick={() => remove(url)}
            >
              <CloseOutlined />
            </button>
          </li>
        ))}
        {Array.from({ length: pending }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity while uploading
          <li key={`pending-${index}`} className="aftersale-photos__item">
            <Spin size="small" aria-label="照片上传中" />
          </li>
        ))}
        {isFull ? null : (
          <li className="aftersale-photos__item aftersale-photos__item--add">
            <Upload
              accept={AVATAR_ACCEPT}
              multiple
              showUploadList={false}
              beforeUpload={(file, fileList) => {
                // Called once per file of a pick with the whole pick: handle the pick at its first file.
                if (file === fileList[0]) void handlePick(fileList as File[]);
                return Upload.LIST_IGNORE;
              }}
            >
              <button type="button" className="aftersale-photos__add" aria-label="上传售后照片">
                <PlusOutlined />
                <span>上传照片</span>
              </button>
            </Upload>
          </li>
        )}
      </ul>
      <p className="aftersale-photos__hint">
        已上传 {value.length}/{limit} 张，支持jpg、jpeg、png格式，单张不超过2M
      </p>
    </div>
  );
}
