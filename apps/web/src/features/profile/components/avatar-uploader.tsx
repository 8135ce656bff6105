import { CameraOutlined, UserOutlined } from '@ant-design/icons';
import { AVATAR_ACCEPT, checkAvatarFile } from '@anxin/shared/profile/profile.schemas';
import { Avatar, Button, Progress, Upload } from 'antd';
import { useState } from 'react';
import { useFeedback } from '../../../app/feedback.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { useUploadAvatar } from '../api/upload-avatar.ts';

type AvatarUploaderProps = {
  /** The avatar url: the member's current one, or the url of the upload just made. */
  value?: string | null;
  onChange?: (url: string) => void;
  /** True once a new picture was uploaded and waits for 保存. */
  isPending?: boolean;
};

/**
 * The avatar field of the profile form: the picture, a button that picks a file, checked here first (jpg, jpeg
 * or png, at most 2048 KB) and by the server again, and the upload's progress.
 */
export function AvatarUploader({ value, onChange, isPending = false }: AvatarUploaderProps) {
  const { message } = useFeedback();
  const upload = useUploadAvatar();
  const [percent, setPercent] = useState<number | null>(null);

  const handleFile = async (file: File) => {
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
        <Upload
          accept={AVATAR_ACCEPT}
          showUploadList={false}
          disabled={isUploading}
          beforeUpload={(file) => {
            void handleFile(file);
            return Upload.LIST_IGNORE;
          }}
        >
          <Button icon={<CameraOutlined />} loading={isUploading}>
            {isUploading ? '上传中…' : '更换头像'}
          </Button>
        </Upload>
        {isUploading ? (
          <Progress
            percent={percent}
            size="small"
            className="avatar-uploader__progress"
            aria-label="上传进度"
            data-testid="avatar-progress"
          />
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
