case x esac
