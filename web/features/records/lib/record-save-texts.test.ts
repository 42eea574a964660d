import { ApiError } from '@web/lib/api-client';
import { describe, expect, it } from 'vitest';
import { failedToast, savedToast, uploadFailure } from './record-save-texts';

const refused = new ApiError(400, '{"message":"Cost is too large"}', 'Cost is too large', {});

describe('save toasts (001 §8)', () => {
  it("word each kind's success as its form does", () => {
    expect(savedToast('maintenance', 'add')).toEqual({
      title: 'Maintenance added',
      description: 'Your maintenance record has been saved.',
    });
    expect(savedToast('repair', 'add')).toEqual({
      title: 'Repair added',
      description: 'Repair record has been added',
    });
    expect(savedToast('modification', 'edit')).toEqual({
      title: 'Modification updated',
      description: 'Modification has been updated',
    });
  });

  it("show the server message on failure, with each kind's fallback", () => {
    expect(failedToast('maintenance', 'add', refused)).toEqual({
      title: 'Failed to add maintenance',
      description: 'Cost is too large',
    });
    expect(failedToast('repair', 'add', new Error('offline'))).toEqual({
      title: 'Failed to add repair record',
      description: 'Failed to add repair',
    });
    expect(failedToast('repair', 'edit', refused)).toEqual({
      title: 'Failed to update repair',
      description: 'Cost is too large',
    });
    expect(failedToast('modification', 'add', refused)).toEqual({
      title: 'Failed to add modification record',
      description: 'Failed to add modification: 400 Cost is too large',
    });
  });

  it('stop the modification form on an upload failure, not the others', () => {
    expect(uploadFailure('modification', refused)).toMatchObject({
      stops: true,
      toast: { title: 'File upload failed' },
    });
    expect(uploadFailure('repair', refused)).toEqual({
      stops: false,
      toast: {
        title: 'Failed to upload files',
        description: 'Cost is too large. The repair record was saved without the files.',
      },
    });
    expect(uploadFailure('modification', new Error('offline')).toast).toEqual({
      title: 'File upload failed',
      description: 'Failed to upload files. Please try again.',
    });
  });
});
