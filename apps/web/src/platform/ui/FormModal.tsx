import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Form, type FormInstance, Modal, Skeleton } from 'antd';
import type { ReactNode } from 'react';

export interface FormModalProps<V> {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  /** sends the validated values (the http client shows a failure; the dialog then stays open) */
  onSubmit: (values: V) => Promise<unknown>;
  /** toast after a successful save */
  successMessage: string;
  /** query key invalidated after a successful save, before the dialog closes */
  invalidate: readonly unknown[];
  initialValues?: object;
  /** pass one when the fields watch each other (Form.useWatch); otherwise the dialog makes its own */
  form?: FormInstance<V>;
  width?: number;
  size?: 'small' | 'middle';
  /** the initial values are still loading: a skeleton instead of the form */
  loading?: boolean;
  /** Form.Item elements, each with its zodRule (the one form pattern, platform/form.ts) */
  children: ReactNode;
}

/**
 * The one edit dialog: a vertical antd Form in a Modal. OK validates and submits, the save runs as a
 * mutation (OK spins meanwhile); on success a toast, the dialog closes and the list refetches.
 * Every opening starts from `initialValues`: the content is destroyed on close (`destroyOnHidden`) and
 * the form's store emptied with it (`clearOnDestroy`), since the form instance outlives the dialog and
 * antd fills a store from `initialValues` only where it is empty (a "new" after an "edit" would show the
 * edited row). No reset after mounting (decision 0149): a reset remounts `Form.List` items, and an item
 * leaving under `preserve={false}` cleared the value its successor at the same path was to show.
 * Within an opening, a field that leaves drops its value (`preserve={false}`).
 */
export function FormModal<V>(props: FormModalProps<V>) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [own] = Form.useForm<V>();
  const form = props.form ?? own;
  const save = useMutation({
    mutationFn: props.onSubmit,
    // the dialog closes on the answer; the lists refetch behind it (awaiting a loaded list's
    // refetch first kept "return to the open sea" open past 10 s under load)
    onSuccess: () => {
      message.success(props.successMessage);
      props.onClose();
      void queryClient.invalidateQueries({ queryKey: props.invalidate });
    },
  });
  return (
    <Modal
      open={props.open}
      width={props.width}
      title={props.title}
      onOk={() => form.submit()}
      onCancel={props.onClose}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      {props.loading ? (
        <Skeleton active />
      ) : (
        <Form<V>
          form={form}
          layout="vertical"
          size={props.size}
          preserve={false}
          clearOnDestroy
          initialValues={props.initialValues}
          onFinish={(v) => save.mutate(v)}
        >
          {props.children}
        </Form>
      )}
    </Modal>
  );
}
