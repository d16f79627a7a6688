// /editar-imagem's form: which items go and in what order (checkbox + "Ordem"), the ratio and
// how the image meets it (crop or fit), and the alt text. Plain form fields: works without JS.
import { Form } from 'react-router'
import { LinkButton, SubmitButton } from '~/components/ui/button'
import { Checkbox, Radio } from '~/components/ui/choice'
import { Field, Fieldset, FormErrors } from '~/components/ui/field'
import { Input, Textarea } from '~/components/ui/input'
import { FIT_OPTIONS, RATIO_OPTIONS, type ImageFit, type PublishRatio } from '~/domain/scheduling'

type Values = { slides: number[]; ratio: PublishRatio; fit: ImageFit; altText: string }

function ItemRow({ item, index, position }: { item: { label: string; src: string }; index: number; position: number }) {
  return (
    <li className="flex items-center gap-3 rounded-lg border border-slate-200 p-2">
      <img src={item.src} alt="" className="h-20 w-auto rounded" loading="lazy" />
      <div className="min-w-0 flex-1">
        <Checkbox name="incluir" value={index} defaultChecked={position >= 0}>
          Publicar “{item.label}”
        </Checkbox>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          Ordem
          <Input
            name={`ordem-${index}`}
            type="number"
            min={1}
            max={20}
            defaultValue={position >= 0 ? position + 1 : index + 1}
            controlSize="sm"
            className="w-20"
          />
        </label>
      </div>
    </li>
  )
}

export function ImageEditor(props: {
  items: { label: string; src: string }[]
  values: Values
  errors: Partial<Record<string, string[]>>
}) {
  const { values, errors } = props
  return (
    <Form method="post" className="space-y-5">
      <Fieldset label="Imagens e ordem" hint="No carrossel vão de 2 a 10 imagens; com uma só, vira um post simples.">
        <ol className="space-y-2">
          {props.items.map((item, i) => (
            <ItemRow key={item.src} item={item} index={i} position={values.slides.indexOf(i)} />
          ))}
        </ol>
      </Fieldset>
      <FormErrors id="slides-erros" errors={errors.slides} />
      <Fieldset
        label="Proporção no feed"
        hint="O feed aceita de 4:5 (retrato) a 1,91:1 (paisagem); 9:16 só em stories."
      >
        {RATIO_OPTIONS.map((option) => (
          <Radio key={option.value} name="ratio" value={option.value} defaultChecked={values.ratio === option.value}>
            {option.label}
          </Radio>
        ))}
      </Fieldset>
      <Fieldset label="Ajuste">
        {FIT_OPTIONS.map((option) => (
          <Radio key={option.value} name="fit" value={option.value} defaultChecked={values.fit === option.value}>
            {option.label}
          </Radio>
        ))}
      </Fieldset>
      <Field
        htmlFor="alt_text"
        label="Texto alternativo"
        hint="Descreve as imagens para quem usa leitor de tela."
        errors={errors.alt_text}
      >
        <Textarea id="alt_text" name="alt_text" rows={3} defaultValue={values.altText} />
      </Field>
      <div className="flex flex-wrap gap-3">
        <SubmitButton pendingText="Conferindo…">Salvar imagens</SubmitButton>
        <LinkButton to="/agendar-posts" variant="ghost">
          Voltar
        </LinkButton>
      </div>
    </Form>
  )
}
