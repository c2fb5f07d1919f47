import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Form, type FormInstance, Modal, Skeleton } from 'antd';
import { type ReactNode, useLayoutEffect } from 'react';

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
 * The form instance outlives the dialog and antd applies initialValues to a store only where it is
 * empty, so an opening would keep what the last one left (a "new" dialog after "edit" showed the
 * edited row). Reset once the opening's Form has mounted with its own initialValues — the Modal mounts
 * its content in a later commit than the one that opens it, so an effect in FormModal itself ran
 * before the Form existed — and in a layout effect, before paint, so nothing typed is wiped.
 */
function StartFromInitialValues({ form }: { form: FormInstance }) {
  useLayoutEffect(() => form.resetFields(), [form]);
  return null;
}

/**
 * The one edit dialog: a vertical antd Form in a Modal. OK validates and submits, the save runs as a
 * mutation (OK spins meanwhile); on success a toast, the dialog closes and the list refetches.
 * Fields are dropped on close (`destroyOnHidden`, `preserve={false}`): every opening starts from
 * `initialValues`.
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
          initialValues={props.initialValues}
          onFinish={(v) => save.mutate(v)}
        >
          {props.children}
          <StartFromInitialValues form={form} />
        </Form>
      )}
    </Modal>
  );
}
