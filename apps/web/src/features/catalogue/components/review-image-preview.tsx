import { Image } from 'antd';

type ReviewImagePreviewProps = { images: string[]; current: number; onClose: () => void };

/** antd's image preview (zoom, rotate, the group's arrows) over a review's images, opened on one of them. */
export function ReviewImagePreview({ images, current, onClose }: ReviewImagePreviewProps) {
  return (
    <Image.PreviewGroup
      items={images}
      preview={{
        open: true,
        current,
        onOpenChange: (isOpen) => {
          if (!isOpen) onClose();
        },
      }}
    />
  );
}
