import { CloseOutlined, PlusOutlined } from '@ant-design/icons';
import { MSG } from '@anxin/shared/common/messages';
import { PRESCRIPTION_IMAGE_LIMIT, PRESCRIPTION_IMAGES_PER_PICK } from '@anxin/shared/inquiry/inquiry-link.contract';
import { AVATAR_ACCEPT, checkAvatarFile } from '@anxin/shared/profile/profile.schemas';
import { Spin, Upload } from 'antd';
import { useRef, useState } from 'react';
import { useFeedback } from '../../../app/feedback.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
// The site's one upload call (POST /v2/upload), as a private upload like the guardian's photo (signed URLs).
import { useUploadAvatar } from '../../profile/index.ts';

type PrescriptionImagesUploadProps = {
  value?: string[];
  onChange?: (urls: string[]) => void;
  id?: string;
};

/**
 * Prescription images: up to 5 kept; one pick adds up to 3 (the rest of a larger pick is left out with a
 * message). jpg or png up to 2 MB each, checked here, then by the server; each can be removed before saving.
 */
export function PrescriptionImagesUpload({ value = [], onChange, id }: PrescriptionImagesUploadProps) {
  const { message } = useFeedback();
  const upload = useUploadAvatar();
  const [pending, setPending] = useState(0);
  /** The list as it is now, also between the uploads of one pick. */
  const current = useRef(value);
  current.current = value;

  const handlePick = async (files: File[]) => {
    const room = Math.min(PRESCRIPTION_IMAGES_PER_PICK, PRESCRIPTION_IMAGE_LIMIT - current.current.length);
    if (files.length > room) {
      message.warning(
        room < PRESCRIPTION_IMAGES_PER_PICK
          ? MSG.prescriptionImageLimit
          : `每次最多选择${PRESCRIPTION_IMAGES_PER_PICK}张图片`,
      );
    }
    const chosen = files.slice(0, Math.max(0, room));
    for (const file of chosen) {
      const problem = checkAvatarFile(file);
      if (problem) {
        message.error(problem);
        continue;
      }
      setPending((count) => count + 1);
      try {
        const { url } = await upload.mutateAsync({ file, module: 'private' });
        const next = [...current.current, url].slice(0, PRESCRIPTION_IMAGE_LIMIT);
        current.current = next;
        onChange?.(next);
      } catch (error) {
        message.error(getErrorMessage(error, '图片上传失败'));
      } finally {
        setPending((count) => count - 1);
      }
    }
  };

  const remove = (url: string) => onChange?.(value.filter((item) => item !== url));
  const isFull = value.length + pending >= PRESCRIPTION_IMAGE_LIMIT;

  return (
    <div className="rx-images" id={id} data-testid="prescription-images">
      <ul className="rx-images__list">
        {value.map((url, index) => (
          <li key={url} className="rx-images__item">
            <img src={url} alt={`处方图片${index + 1}`} />
            <button
              type="button"
              className="rx-images__remove"
              aria-label={`删除处方图片${index + 1}`}
              onClick={() => remove(url)}
            >
              <CloseOutlined />
            </button>
          </li>
        ))}
        {Array.from({ length: pending }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity while uploading
          <li key={`pending-${index}`} className="rx-images__item rx-images__item--pending">
            <Spin size="small" />
          </li>
        ))}
        {isFull ? null : (
          <li className="rx-images__item rx-images__item--add">
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
              <button type="button" className="rx-images__add" aria-label="上传处方图片">
                <PlusOutlined />
                <span>上传图片</span>
              </button>
            </Upload>
          </li>
        )}
      </ul>
      <p className="rx-images__hint">
        已上传 {value.length}/{PRESCRIPTION_IMAGE_LIMIT} 张，每次最多选择{PRESCRIPTION_IMAGES_PER_PICK}
        张；支持jpg、jpeg、png格式，单张不超过2M
      </p>
    </div>
  );
}
