import { BoldOutlined, ItalicOutlined, OrderedListOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Space, Tooltip } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** The mail body editor (TipTap): paragraphs, bold, italic, lists, links; HTML in and out. */
export function RichEditor({ value, onChange }: { value: string; onChange: (html: string) => void }) {
  const { t } = useTranslation();
  const editor = useEditor({
    extensions: [StarterKit],
    content: value,
    onUpdate: ({ editor: e }) => onChange(e.getHTML()),
    editorProps: { attributes: { 'data-testid': 'mail-editor', style: 'min-height:220px;outline:none' } },
  });
  // a draft or reply loaded after the editor started
  useEffect(() => {
    if (editor && value !== editor.getHTML()) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);
  if (!editor) return null;
  const tool = (key: string, icon: React.ReactNode, active: boolean, run: () => void) => (
    <Tooltip title={t(key as 'mail.bold')}>
      <Button
        size="small"
        type={active ? 'primary' : 'text'}
        icon={icon}
        onClick={run}
        aria-label={t(key as 'mail.bold')}
      />
    </Tooltip>
  );
  return (
    <div style={{ border: '1px solid #d9d9d9', borderRadius: 6 }}>
      <Space size={2} style={{ padding: 4, borderBottom: '1px solid #f0f0f0', width: '100%' }}>
        {tool('mail.bold', <BoldOutlined />, editor.isActive('bold'), () => editor.chain().focus().toggleBold().run())}
        {tool('mail.italic', <ItalicOutlined />, editor.isActive('italic'), () =>
          editor.chain().focus().toggleItalic().run(),
        )}
        {tool('mail.bullets', <UnorderedListOutlined />, editor.isActive('bulletList'), () =>
          editor.chain().focus().toggleBulletList().run(),
        )}
        {tool('mail.numbers', <OrderedListOutlined />, editor.isActive('orderedList'), () =>
          editor.chain().focus().toggleOrderedList().run(),
        )}
      </Space>
      <EditorContent editor={editor} style={{ padding: '8px 12px' }} />
    </div>
  );
}
