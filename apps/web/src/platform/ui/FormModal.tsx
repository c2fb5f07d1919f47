import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Form, type FormInstance, Modal, Skeleton } from 'antd';
import { type ReactNode, useEffect } from 'react';

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
 * mutation (OK spins meanwhile); on success a toast, the list refetches and the dialog closes.
 * Fields are dropped on close (`destroyOnHidden`, `preserve={false}`): every opening starts from
 * `initialValues`.
 */
export function FormModal<V>(props: FormModalProps<V>) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [own] = Form.useForm<V>();
  const form = props.form ?? own;
  // The form instance outlives the dialog: without this an opening keeps what the last one left in
  // its store (a row opened after "create" showed empty fields), as antd applies initialValues once.
  const ready = props.open && !props.loading;
  useEffect(() => {
    if (ready) form.resetFields();
  }, [ready, form]);
  const save = useMutation({
    mutationFn: props.onSubmit,
    onSuccess: async () => {
      message.success(props.successMessage);
      await queryClient.invalidateQueries({ queryKey: props.invalidate });
      props.onClose();
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
          initialValues={props.initialValues}
          onFinish={(v) => save.mutate(v)}
        >
          {props.children}
        </Form>
      )}
    </Modal>
  );
}
