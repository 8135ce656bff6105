import { CameraOutlined, UserOutlined } from '@ant-design/icons';
import { AVATAR_ACCEPT, checkAvatarFile } from '@anxin/shared/profile/profile.schemas';
import { Avatar, Button } from 'antd';
import { type ChangeEvent, lazy, Suspense, useRef, useState } from 'react';
import { useFeedback } from '../../../app/feedback.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { useUploadAvatar } from '../api/upload-avatar.ts';

// The progress bar shows only while a picture goes up: fetched when the member picks a file.
const loadProgress = () => import('antd/es/progress/index.js');
const Progress = lazy(loadProgress);

type AvatarUploaderProps = {
  /** The avatar url: the member's current one, or the url of the upload just made. */
  value?: string | null;
  onChange?: (url: string) => void;
  /** True once a new picture was uploaded and waits for 保存. */
  isPending?: boolean;
};

/**
 * The avatar field of the profile form: the picture, a button that picks a file, checked here first (jpg, jpeg
 * or png, at most 2048 KB) and by the server again, and the upload's progress. The button opens a hidden file
 * input: antd's Upload would only wrap the same input, and bring its upload list and progress to the page.
 */
export function AvatarUploader({ value, onChange, isPending = false }: AvatarUploaderProps) {
  const { message } = useFeedback();
  const upload = useUploadAvatar();
  const [percent, setPercent] = useState<number | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  const handleFile = async (file: File) => {
    void loadProgress();
    const problem = checkAvatarFile(file);
    if (problem) {
      message.error(problem);
      return;
    }
    setPercent(0);
    try {
      const { url } = await upload.mutateAsync({ file, onProgress: setPercent });
      setPercent(100);
      onChange?.(url);
    } catch (error) {
      message.error(getErrorMessage(error, '头像上传失败'));
    } finally {
      setPercent(null);
    }
  };

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Emptied so that choosing the same file again is a change too.
    event.target.value = '';
    if (file) void handleFile(file);
  };

  const isUploading = percent !== null;

  return (
    <div className="avatar-uploader">
      <Avatar
        size={96}
        src={value || undefined}
        icon={<UserOutlined />}
        className="avatar-uploader__picture"
        alt="头像"
        data-testid="profile-avatar"
      />
      <div className="avatar-uploader__side">
        <input
          ref={inputRef}
          type="file"
          accept={AVATAR_ACCEPT}
          style={{ display: 'none' }}
          disabled={isUploading}
          onChange={handleChange}
        />
        <Button icon={<CameraOutlined />} loading={isUploading} onClick={() => inputRef.current?.click()}>
          {isUploading ? '上传中…' : '更换头像'}
        </Button>
        {isUploading ? (
          <Suspense fallback={<div className="avatar-uploader__progress-slot" />}>
            <Progress
              percent={percent}
              size="small"
              className="avatar-uploader__progress"
              aria-label="上传进度"
              data-testid="avatar-progress"
            />
          </Suspense>
        ) : (
          <p className="avatar-uploader__hint">
            {isPending ? (
              <span className="avatar-uploader__pending">新头像已上传，保存后生效</span>
            ) : (
              '支持jpg、jpeg、png格式，大小不超过2M'
            )}
          </p>
        )}
      </div>
    </div>
  );
}
